-- A party row's search row goes with it by a trigger instead of a foreign key. The key's check ran for
-- every search row written (each new party row) with a plan PostgreSQL made once per connection, often
-- while the table was small: it looked the party row up through the party's own index (identity
-- first) and tested document_id on each of the party's rows — all of a company's rows for each document
-- it receives (auto_explain, bench:sync 2026-11-29: 0.23 ms a check at 1,000 documents, 0.007 for the
-- checks by primary key; PostgreSQL's CPU a received document rose from 3.4 to 5.0 ms between 3,000
-- and 10,000). Nothing else writes the table: the insert and update triggers copy the text, and this
-- one removes it, so the key guarded nothing the triggers do not.
do $$
declare
  name text;
begin
  for name in
    select conname from pg_constraint
     where conrelid = 'document_party_search'::regclass and contype = 'f'
  loop
    execute format('alter table document_party_search drop constraint %I', name);
  end loop;
end $$;

create function drop_party_search() returns trigger language plpgsql as $$
begin
  delete from document_party_search s
   using changed_old o
   where s.document_id = o.document_id and s.identity = o.identity;
  return null;
end $$;

create trigger document_parties_search_delete after delete on document_parties
  referencing old table as changed_old for each statement execute function drop_party_search();

-- Substring search of a party's lists (counterparty TIN or name, document number) without walking all
-- of the party's rows. The list index answers `search like '%…%'` by testing every row of the party:
-- ~1,900 rows, 1.5–2 ms of PostgreSQL per search on the bench set of 1,000,000 documents, and searches
-- are most of what lists cannot answer from memory. A trigram index over all parties' text (pg_trgm,
-- tried) is no better: "company" or "mchj" is in nearly every name, so its posting lists hold most of
-- the table (80 ms for "company 123").
--
-- Here every 3-character piece of a party row's search text is indexed prefixed with the party's
-- TIN/PINFL, so a key's posting list holds that party's rows only, and GIN intersects the pieces of
-- the query (services/documents/lists.ts): the rows holding all of them are the candidates, which
-- the list's own conditions (the same `like`) then decide. Queries shorter than 3 characters walk
-- the list index as before.
--
-- The text lives in a table of its own, written by triggers only when it changes (a document's
-- number or counterparty): a transition rewrites its party rows, and an index on document_parties
-- would take every piece again at every status change.

-- Every 3-character piece of `search`, each prefixed with `identity` (9 or 14 digits: the prefixes
-- never run into each other). GIN removes repeated keys itself.
create function party_search_grams(identity text, search text) returns text[]
  language sql immutable strict parallel safe
  as $$ select array(select identity || substr(search, i, 3) from generate_series(1, length(search) - 2) as i) $$;

create table document_party_search (
  document_id uuid not null,
  identity varchar(14) not null,
  search text not null,
  primary key (document_id, identity),
  foreign key (document_id, identity) references document_parties (document_id, identity) on delete cascade
);

insert into document_party_search (document_id, identity, search)
  select document_id, identity, search from document_parties;

-- fastupdate off: each write takes its pieces at once; a pending list would be merged by whichever
-- writer overflows it (a transition taking hundreds of milliseconds).
-- A search fetches a few rows: a generic plan that guesses thousands would start parallel workers
-- (20 ms where the search takes 0.5).
alter table document_party_search set (parallel_workers = 0);

create index document_party_search_grams_idx on document_party_search
  using gin (party_search_grams(identity, search)) with (fastupdate = off);

create function copy_party_search() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into document_party_search (document_id, identity, search)
      select document_id, identity, search from changed_new
      on conflict (document_id, identity) do update set search = excluded.search;
  else
    insert into document_party_search (document_id, identity, search)
      select n.document_id, n.identity, n.search
        from changed_new n join changed_old o on o.document_id = n.document_id and o.identity = n.identity
       where n.search is distinct from o.search
      on conflict (document_id, identity) do update set search = excluded.search;
  end if;
  return null;
end $$;

-- A trigger with transition tables may name one event only; a deleted party row takes its text with
-- it (the foreign key's cascade).
create trigger document_parties_search_insert after insert on document_parties
  referencing new table as changed_new for each statement execute function copy_party_search();
create trigger document_parties_search_update after update on document_parties
  referencing old table as changed_old new table as changed_new
  for each statement execute function copy_party_search();

analyze document_party_search;

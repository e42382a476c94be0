-- A party's documents generation: raised, in the same transaction, by every statement that inserts,
-- changes or deletes that party's rows in document_parties. A list or a count of a party reads only
-- its rows there, so an answer remembered with the generation it was read at stays exact while the
-- generation stands (services/documents/listCache.ts). The session statement of every request reads
-- the caller's generation, so a list answered from memory costs no statement of its own.
--
-- Statement-level triggers with transition tables: one upsert per statement whatever its row count
-- (bulk binning, seeding), the identities in sorted order so that two transactions lock the same
-- generation rows in the same order. The row lock lasts until commit: writers of ONE party serialise
-- on it for the rest of their transaction (the transition's last statements), readers never wait.
create table party_generations (
  identity varchar(14) primary key,
  generation bigint not null
);

create function raise_party_generations() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into party_generations (identity, generation)
      select distinct identity, 1 from changed_new order by identity
      on conflict (identity) do update set generation = party_generations.generation + 1;
  elsif tg_op = 'DELETE' then
    insert into party_generations (identity, generation)
      select distinct identity, 1 from changed_old order by identity
      on conflict (identity) do update set generation = party_generations.generation + 1;
  else
    insert into party_generations (identity, generation)
      select identity, 1 from (select identity from changed_new union select identity from changed_old) changed
      order by identity
      on conflict (identity) do update set generation = party_generations.generation + 1;
  end if;
  return null;
end $$;

-- A trigger with transition tables may name one event only.
create trigger document_parties_generation_insert after insert on document_parties
  referencing new table as changed_new for each statement execute function raise_party_generations();
create trigger document_parties_generation_update after update on document_parties
  referencing old table as changed_old new table as changed_new
  for each statement execute function raise_party_generations();
create trigger document_parties_generation_delete after delete on document_parties
  referencing old table as changed_old for each statement execute function raise_party_generations();

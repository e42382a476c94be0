-- The party rows' triggers in the order that keeps writers of one party apart for the shortest time
-- (issue 28: the operator sync writes many documents of one company at once, in batches).
--
-- A statement's AFTER triggers run when it ends: row-level ones first, then statement-level ones in
-- the order of their names. The statistics counters and the party's generation are rows every writer
-- of the party updates, and each such row stays locked until the writer commits: whatever runs after
-- the first of them waits for any other writer of the party to commit. The statistics trigger was
-- row-level, so it ran first, and the search pieces' GIN entries — most of a document's trigger time —
-- were written under both locks. Now the counters are counted per statement (one upsert per counter
-- for all the statement's rows, in key order) and both shared-row triggers are named to run after the
-- search pieces: only the two upserts, the feed at commit and the commit itself are serialised.

create function statistics_on_parties() returns trigger language plpgsql as $$
begin
  insert into statistics_counters as c
    (identity, month, box, kind, status, counterparty_identity, counterparty_name, documents, total)
  select identity, month, box, kind, status, counterparty_identity, name,
         case when tg_op = 'DELETE' then -n else n end,
         case when tg_op = 'DELETE' then -total else total end
    from (
      select p.identity, date_trunc('month', coalesce(p.doc_date, p.created_at::date))::date as month, p.box,
             p.kind, p.view_status as status, coalesce(p.counterparty_identity, '') as counterparty_identity,
             max(p.counterparty_name) as name, count(*)::integer as n, coalesce(sum(p.total_sum), 0) as total
        from changed p
       where p.box is not null and p.bin_state <> 'deleted'
       group by 1, 2, 3, 4, 5, 6
    ) counted
   order by identity, month, box, kind, status, counterparty_identity
  on conflict (identity, month, box, kind, status, counterparty_identity) do update
    set documents = c.documents + excluded.documents,
        total = c.total + excluded.total,
        counterparty_name = coalesce(excluded.counterparty_name, c.counterparty_name);
  return null;
end $$;

drop trigger statistics_party_insert_delete on document_parties;
-- A trigger with transition tables may name one event only.
create trigger document_parties_y_statistics_insert after insert on document_parties
  referencing new table as changed for each statement execute function statistics_on_parties();
create trigger document_parties_y_statistics_delete after delete on document_parties
  referencing old table as changed for each statement execute function statistics_on_parties();

alter trigger document_parties_generation_insert on document_parties
  rename to document_parties_z_generation_insert;
alter trigger document_parties_generation_update on document_parties
  rename to document_parties_z_generation_update;
alter trigger document_parties_generation_delete on document_parties
  rename to document_parties_z_generation_delete;

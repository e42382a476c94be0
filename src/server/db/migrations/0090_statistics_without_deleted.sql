-- Statistics (issue 26): a document its party deleted forever (bin_state 'deleted') is no longer that
-- party's document, so it leaves the party's counters; one in the bin ('binned') still counts, as it
-- can be restored. Deleting forever only changes bin_state, which 0062's update trigger did not watch.

create or replace function statistics_apply(p document_parties, delta integer) returns void
language plpgsql as $$
begin
  if p.box is null or p.bin_state = 'deleted' then
    return;
  end if;
  insert into statistics_counters as c
    (identity, month, box, kind, status, counterparty_identity, counterparty_name, documents, total)
  values (
    p.identity,
    date_trunc('month', coalesce(p.doc_date, p.created_at::date))::date,
    p.box, p.kind, p.view_status, coalesce(p.counterparty_identity, ''), p.counterparty_name,
    delta, delta * coalesce(p.total_sum, 0)
  )
  on conflict (identity, month, box, kind, status, counterparty_identity) do update
    set documents = c.documents + excluded.documents,
        total = c.total + excluded.total,
        counterparty_name = coalesce(excluded.counterparty_name, c.counterparty_name);
end;
$$;

drop trigger statistics_party_update on document_parties;
-- Only changes of what is counted move counters (not names, search text or times); of the bin
-- state, only entering or leaving 'deleted'.
create trigger statistics_party_update after update on document_parties
  for each row when (
    old.box is distinct from new.box or old.kind is distinct from new.kind
    or old.view_status is distinct from new.view_status or old.doc_date is distinct from new.doc_date
    or old.total_sum is distinct from new.total_sum or old.identity is distinct from new.identity
    or old.counterparty_identity is distinct from new.counterparty_identity
    or (old.doc_date is null and old.created_at is distinct from new.created_at)
    or (old.bin_state = 'deleted') is distinct from (new.bin_state = 'deleted')
  )
  execute function statistics_on_party();

-- The counters as they would have been: recounted without the documents deleted forever.
delete from statistics_counters;
insert into statistics_counters (identity, month, box, kind, status, counterparty_identity, counterparty_name, documents, total)
select identity, date_trunc('month', coalesce(doc_date, created_at::date))::date, box, kind, view_status,
       coalesce(counterparty_identity, ''), max(counterparty_name), count(*), coalesce(sum(total_sum), 0)
from document_parties
where box is not null and bin_state <> 'deleted'
group by 1, 2, 3, 4, 5, 6;

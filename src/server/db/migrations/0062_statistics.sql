-- Statistics (issue 16): counters per party, document month, box (direction), kind, shown status and
-- counterparty, kept by a trigger on document_parties in the same transaction as every change of a
-- party's row (send, accept, reject, cancel, receipt, drafts) — Statistics/getList reads these few rows
-- instead of scanning documents.
create table statistics_counters (
  identity varchar(14) not null,
  month date not null,
  box text not null,
  kind text not null,
  status integer not null,
  counterparty_identity varchar(14) not null default '',
  counterparty_name text,
  documents integer not null default 0,
  total numeric(24, 2) not null default 0,
  primary key (identity, month, box, kind, status, counterparty_identity)
);

create function statistics_apply(p document_parties, delta integer) returns void
language plpgsql as $$
begin
  if p.box is null then
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

create function statistics_on_party() returns trigger
language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform statistics_apply(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform statistics_apply(new, 1);
  end if;
  return null;
end;
$$;

create trigger statistics_party_insert_delete after insert or delete on document_parties
  for each row execute function statistics_on_party();
-- Only changes of what is counted move counters (not names, search text, bin state or times).
create trigger statistics_party_update after update on document_parties
  for each row when (
    old.box is distinct from new.box or old.kind is distinct from new.kind
    or old.view_status is distinct from new.view_status or old.doc_date is distinct from new.doc_date
    or old.total_sum is distinct from new.total_sum or old.identity is distinct from new.identity
    or old.counterparty_identity is distinct from new.counterparty_identity
    or (old.doc_date is null and old.created_at is distinct from new.created_at)
  )
  execute function statistics_on_party();

-- Documents that exist before this migration.
insert into statistics_counters (identity, month, box, kind, status, counterparty_identity, counterparty_name, documents, total)
select identity, date_trunc('month', coalesce(doc_date, created_at::date))::date, box, kind, view_status,
       coalesce(counterparty_identity, ''), max(counterparty_name), count(*), coalesce(sum(total_sum), 0)
from document_parties
where box is not null
group by 1, 2, 3, 4, 5, 6;

-- "Waiting for you" counts a party's awaited documents.
create index document_parties_awaiting_idx on document_parties (identity) where awaiting;

-- Issue 26: a document its organisation already sent (same kind, counterparty, number and date, and
-- not cancelled or rejected) is not sent a second time. One row per such document, written in the
-- send's transaction and deleted when the document is withdrawn (engine/lifecycle withdrawnStatuses);
-- the unique index makes two sends of duplicates at once end with exactly one winner.
create table document_send_keys (
  document_id uuid primary key references documents(id) on delete cascade,
  owner_org_id uuid not null,
  kind text not null,
  -- The sender's counterparty as its list row shows it ('' for a document without one).
  counterparty text not null,
  -- The document's number, trimmed.
  number text not null,
  doc_date date not null
);
create unique index document_send_keys_unique
  on document_send_keys (owner_org_id, kind, counterparty, number, doc_date);

-- Documents sent before this migration, the earliest first (an existing pair keeps its first one).
-- The withdrawn statuses of the kinds as of this migration: 4 rejected and 5 cancelled (every kind
-- but the waybill), 120/130 (waybill), 220/230 (hybrid invoice).
insert into document_send_keys (document_id, owner_org_id, kind, counterparty, number, doc_date)
select d.id, d.owner_org_id, d.kind, coalesce(p.counterparty_identity, ''), btrim(d.number), d.doc_date
  from documents d
  join document_parties p on p.document_id = d.id and 'sender' = any(p.roles)
 where d.source = 'created' and d.sent_at is not null and d.owner_org_id is not null
   and d.number is not null and d.doc_date is not null
   and d.status not in (4, 5, 120, 130, 220, 230)
 order by d.sent_at, d.id
on conflict do nothing;

-- Cabinet notifications (issue 16): what the bell shows. Addressed to a party's TIN/PINFL, so an
-- organisation that signs up later finds what was sent to it; jobs address the owning organisation.
create table cabinet_notifications (
  id uuid primary key default gen_random_uuid(),
  identity varchar(14),
  organization_id uuid references organizations(id) on delete cascade,
  -- received | accepted | rejected | cancelled | signed | respondSoon | jobFinished
  type text not null,
  document_id uuid references documents(id) on delete cascade,
  kind text,
  number text,
  counterparty_name text,
  reason text,
  job_id uuid,
  details jsonb,
  -- One notification per event: a repeated reminder or a re-run job adds nothing.
  dedup_key text,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  check (identity is not null or organization_id is not null)
);
create unique index cabinet_notifications_dedup_idx on cabinet_notifications (dedup_key) where dedup_key is not null;
create index cabinet_notifications_identity_idx on cabinet_notifications (identity, created_at desc);
create index cabinet_notifications_org_idx on cabinet_notifications (organization_id, created_at desc);

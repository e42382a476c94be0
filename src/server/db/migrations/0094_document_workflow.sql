-- An organisation's own document statuses and hold (issue 26, spec §4 "stop" and "update status",
-- §7 DocStatus add/update/delete; docs/documents-api.md §3 "Own statuses and hold"). Didox keeps the
-- same beside its legal status (internal_status, internal_comment): what a company marks on a
-- document for its own work, never seen by the counterparty and never part of what is signed.

create table org_doc_statuses (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  name text not null check (length(name) between 1 and 100),
  color text check (color ~ '^#[0-9a-f]{6}$'),
  version integer not null default 1,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One name once per organisation (case-insensitive as people read it).
create unique index org_doc_statuses_name_idx on org_doc_statuses (organization_id, lower(name));

-- Per document and organisation: the own status it set and whether it stopped the document (while
-- stopped, none of its people may take a signing action on it). A row exists once either was set.
create table document_workflow (
  document_id uuid not null references documents(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  status_id uuid references org_doc_statuses(id) on delete set null,
  comment text check (length(comment) <= 500),
  stopped boolean not null default false,
  stop_reason text check (length(stop_reason) <= 500),
  stopped_by uuid references users(id) on delete set null,
  stopped_at timestamptz,
  version integer not null default 1,
  updated_by uuid references users(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (document_id, organization_id)
);
create index document_workflow_status_idx on document_workflow (status_id) where status_id is not null;

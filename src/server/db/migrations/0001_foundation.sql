-- Foundation schema: organisations, people, memberships, tokens, documents and their history,
-- templates, audit. Later areas add their own migrations (see docs/CONVENTIONS.md).

create table organizations (
  id uuid primary key default gen_random_uuid(),
  tin varchar(9) unique check (tin ~ '^[0-9]{9}$'),
  pinfl varchar(14) unique check (pinfl ~ '^[0-9]{14}$'),
  name text not null,
  short_name text,
  vat_reg_code varchar(12),
  vat_status text,
  -- Company details of spec §3 (address, bank account, MFO, director, accountant, OKED, …) in the
  -- national field names; the requisites form validates them with its schema.
  requisites jsonb not null default '{}'::jsonb,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (tin is not null or pinfl is not null)
);

create table users (
  id uuid primary key default gen_random_uuid(),
  pinfl varchar(14) unique check (pinfl ~ '^[0-9]{14}$'),
  tin varchar(9) unique check (tin ~ '^[0-9]{9}$'),
  phone varchar(20) unique,
  email text,
  full_name text not null,
  password_hash text,
  is_active boolean not null default true,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table memberships (
  user_id uuid not null references users(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  role text not null default 'staff' check (role in ('owner', 'admin', 'accountant', 'staff')),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  primary key (user_id, organization_id)
);
create index memberships_org_idx on memberships (organization_id);

create table refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  organization_id uuid references organizations(id) on delete cascade,
  -- All tokens rotated from one sign-in share a family; reuse of a rotated token revokes the family.
  family_id uuid not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);

create table documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  doc_type text,
  number text,
  doc_date date,
  sender_org_id uuid not null references organizations(id),
  sender_tin varchar(14) not null,
  sender_branch text,
  receiver_org_id uuid references organizations(id),
  receiver_tin varchar(14),
  receiver_branch text,
  status text not null,
  content jsonb not null,
  content_hash text not null,
  total_sum numeric(20, 2),
  version integer not null default 1,
  sent_at timestamptz,
  created_by uuid references users(id),
  updated_by uuid references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index documents_sender_idx on documents (sender_org_id, status, doc_date desc);
create index documents_receiver_idx on documents (receiver_org_id, status, doc_date desc);

-- Bin, restore and permanent deletion are per party.
create table document_parties (
  document_id uuid not null references documents(id) on delete cascade,
  organization_id uuid not null references organizations(id),
  role text not null check (role in ('sender', 'receiver', 'agent', 'responsible')),
  bin_state text not null default 'active' check (bin_state in ('active', 'binned', 'deleted')),
  binned_at timestamptz,
  primary key (document_id, organization_id, role)
);
create index document_parties_org_idx on document_parties (organization_id, bin_state);

create table document_signatures (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents(id) on delete cascade,
  party_role text not null,
  signer_tin varchar(9),
  signer_pinfl varchar(14),
  certificate_serial text not null,
  signed_at timestamptz not null default now(),
  timestamp_token text,
  cms text not null
);
create index document_signatures_doc_idx on document_signatures (document_id);

create table document_events (
  id bigint generated always as identity primary key,
  document_id uuid not null references documents(id) on delete cascade,
  actor_user_id uuid references users(id),
  actor_org_id uuid references organizations(id),
  action text not null,
  from_status text,
  to_status text,
  reason text,
  signature_id uuid references document_signatures(id),
  created_at timestamptz not null default now()
);
create index document_events_doc_idx on document_events (document_id, id);

create table templates (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  kind text not null,
  name text not null,
  content jsonb not null,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index templates_org_idx on templates (organization_id, kind);

create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  event text not null,
  user_id uuid,
  organization_id uuid,
  ip text,
  detail jsonb not null default '{}'::jsonb
);
create index audit_log_at_idx on audit_log (at desc);

-- Documents and their life cycle (docs/documents-api.md §2). Replaces the foundation's placeholder
-- tables, which nothing ever wrote to: the document of record is now the exact signed bytes, parties
-- are matched by TIN/PINFL (a receiver without an account sees its documents when it signs up), and
-- every change is an event in a hash chain.

drop table if exists document_events;
drop table if exists document_signatures;
drop table if exists document_parties;
drop table if exists documents;

create table documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  -- DocType id of the kind (lifecycle.json typeId) and its subtype (FacturaType, …).
  type_id integer not null,
  doc_type text,
  -- The national document id (FacturaId, WaybillLocalId, …) where the kind has one.
  national_id text,
  number text,
  doc_date date,
  total_sum numeric(20, 2),
  status integer not null,
  -- +1 on every change; an update or action carrying an older version is refused.
  version integer not null default 1,
  source text not null default 'created' check (source in ('created', 'received')),
  -- The organisation that created it (drafts belong to it alone).
  owner_org_id uuid references organizations(id),
  -- What the form shows: the draft, or after sending the content that was signed (plus local fields).
  content jsonb not null,
  -- The document of record from the moment it is sent: the exact bytes signed, never re-serialized.
  signed_bytes bytea,
  -- sha-256 (hex) of signed_bytes once sent, of the draft's JSON before.
  content_hash text not null,
  -- Every signature so far joined into one CMS (base64), as the receiver co-signs it.
  cms text,
  -- Findings of the receipt profile on a received document (interop), shown as warnings.
  warnings jsonb,
  created_by uuid references users(id),
  updated_by uuid references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz
);
create index documents_national_id_idx on documents (kind, national_id);

-- One row per party (TIN or PINFL) of a document, holding what the party's lists filter and sort on,
-- so a list is one index range scan of the caller's rows.
create table document_parties (
  document_id uuid not null references documents(id) on delete cascade,
  identity varchar(14) not null check (identity ~ '^([0-9]{9}|[0-9]{14})$'),
  -- The roles this identity holds (almost always one).
  roles text[] not null,
  name text,
  branch text,
  -- incoming | outgoing | drafts; null while the document is not visible to the party yet.
  box text check (box in ('incoming', 'outgoing', 'drafts')),
  -- Per party: binning or deleting for good hides the document from this party only.
  bin_state text not null default 'active' check (bin_state in ('active', 'binned', 'deleted')),
  binned_at timestamptz,
  -- The current status waits for this party (its "waiting for me" count).
  awaiting boolean not null default false,
  kind text not null,
  type_id integer not null,
  doc_type text,
  number text,
  doc_date date,
  total_sum numeric(20, 2),
  status integer not null,
  -- The code this party is shown (2 "waiting for you" for the awaited party of status 1, …).
  view_status integer not null,
  counterparty_identity varchar(14),
  counterparty_name text,
  -- Lower-cased number, counterparty TIN/PINFL and name (PGlite's lower() folds ASCII only).
  search text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null,
  sent_at timestamptz,
  primary key (document_id, identity)
);
create index document_parties_list_idx
  on document_parties (identity, box, bin_state, updated_at desc, document_id);
create index document_parties_counterparty_idx on document_parties (identity, counterparty_identity);

create table document_signatures (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents(id) on delete cascade,
  action text not null,
  party_role text not null,
  party_identity varchar(14) not null,
  signer_tin varchar(9),
  signer_pinfl varchar(14),
  signer_name text,
  signer_organization text,
  serial_hex text not null,
  serial_dec text not null,
  -- The signer's clock (signingTime): informative.
  signed_at timestamptz,
  -- The trusted time of the RFC 3161 token, and the token itself (base64 DER).
  timestamp_at timestamptz,
  timestamp_token text,
  -- The CMS as verified (base64, with its timestamp). Its hash is unique: a CMS is used once.
  cms text not null,
  cms_hash text not null unique,
  -- sha-256 (hex) of the bytes it signs.
  bytes_hash text not null,
  ip text,
  created_at timestamptz not null default now()
);
create index document_signatures_doc_idx on document_signatures (document_id, created_at);

-- Append-only and hash-chained per document: hash = sha-256 of the previous hash and the event's
-- fields (services/documents/chain.ts); a changed, removed or inserted row breaks the chain.
create table document_events (
  id bigint generated always as identity primary key,
  document_id uuid not null references documents(id) on delete cascade,
  seq integer not null,
  action text not null,
  from_status integer,
  to_status integer,
  actor_user_id uuid,
  actor_org_id uuid,
  actor_identity varchar(14),
  actor_role text,
  actor_name text,
  reason text,
  signature_id uuid references document_signatures(id),
  signature_hash text,
  content_hash text not null,
  at timestamptz not null,
  prev_hash text not null,
  hash text not null,
  unique (document_id, seq)
);

create function document_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'document_events is append-only';
end;
$$;
create trigger document_events_no_update before update on document_events
  for each row execute function document_events_append_only();

-- Every saved content of a draft (getDocumentVersions, getVersion).
create table document_versions (
  document_id uuid not null references documents(id) on delete cascade,
  version integer not null,
  content jsonb not null,
  created_by uuid references users(id),
  created_at timestamptz not null default now(),
  primary key (document_id, version)
);

-- Idempotency-Key: the first answer of a (organisation, route, key) is returned to every retry.
create table idempotency_keys (
  organization_id uuid not null references organizations(id) on delete cascade,
  route text not null,
  key text not null,
  request_hash text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (organization_id, route, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

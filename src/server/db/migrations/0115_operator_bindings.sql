-- The company's exchange operator (issue 28 item 4; spec §7 Synchronize/bindProvider, getProvider,
-- IsSelectedOperator): which operator's API Hujjat speaks for the organisation, and the credentials it
-- signs in with. The credentials are encrypted at rest (AES-256-GCM, services/operators/credentials.ts):
-- `credentials` holds iv (12 bytes) | tag (16 bytes) | ciphertext of their JSON, bound to the
-- organisation and the provider as associated data; `key_id` names the key that sealed them (a changed
-- OPERATOR_CREDENTIALS_KEY leaves the binding unreadable, and says so, instead of failing later);
-- `mask` is what the API may show of them (a few last characters), never the secret.
create table operator_bindings (
  organization_id uuid primary key references organizations(id) on delete cascade,
  provider text not null,
  credentials bytea not null,
  key_id text not null,
  mask jsonb not null default '{}'::jsonb,
  bound_by uuid references users(id) on delete set null,
  bound_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);

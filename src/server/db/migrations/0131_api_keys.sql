-- API keys for machines (issue 30, docs/integrating.md "API keys"). A key acts as a member of its
-- organisation that is not a person: a users row (is_api_key, no PINFL, phone or password, named after
-- the key) with a membership carrying the key's role and branch. Rights, branch scope, the document
-- history (actor = that member, "API key «name»") and the audit log (user_id = that member) need no
-- code of their own; staff lists leave such members out.
alter table users add column is_api_key boolean not null default false;

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  -- The key's member (users.is_api_key): its membership holds the role and the branch.
  user_id uuid not null unique references users(id) on delete cascade,
  name text not null,
  -- Client addresses or networks (CIDR) the key is accepted from; empty: any.
  allowed_addresses text[] not null default '{}',
  expires_at timestamptz,
  revoked_at timestamptz,
  last_used_at timestamptz,
  last_used_ip text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index api_keys_org_idx on api_keys (organization_id, created_at desc);

-- A key's secrets: the current one, and during a rotation's overlap the previous one until it expires.
-- Only a SHA-256 digest of each is stored (the secret is 32 random bytes: no dictionary to try).
create table api_key_secrets (
  id uuid primary key default gen_random_uuid(),
  key_id uuid not null references api_keys(id) on delete cascade,
  digest text not null unique,
  -- What lists show of it: "hjk_" and the first characters.
  prefix text not null,
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index api_key_secrets_key_idx on api_key_secrets (key_id);

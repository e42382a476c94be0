-- Identity and sign-in: certificate challenges, login throttling, and what the foundation's users
-- table lacks for certificate registration. The server keeps no sign-in state in memory, so several
-- instances behind one database behave as one.

-- A challenge is the exact text a certificate holder signs to sign in or register. Single use: the
-- row is consumed (used_at) in the same statement that checks it is fresh and unused.
create table auth_challenges (
  id uuid primary key default gen_random_uuid(),
  challenge text not null unique,
  -- The Host the challenge was issued for; a challenge signed on another site is refused.
  host text not null,
  purpose text not null default 'auth' check (purpose in ('auth', 'register')),
  ip text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_challenges_expires_idx on auth_challenges (expires_at);

-- Every password sign-in attempt. Throttling counts recent failures per account and per address.
create table login_attempts (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- The normalized login (phone digits or TIN); null when it named no one we could normalize.
  account text,
  ip text not null,
  success boolean not null
);
create index login_attempts_account_idx on login_attempts (account, at desc);
create index login_attempts_ip_idx on login_attempts (ip, at desc);

-- The TIN (organisation) or PINFL (individual) an account was registered under with a certificate
-- (spec §5: a TIN in the organisation range, otherwise the PINFL). IsRegistered asks about it and a
-- password sign-in may name it instead of the phone.
alter table users add column registered_identity varchar(14) unique check (registered_identity ~ '^([0-9]{9}|[0-9]{14})$');
alter table users add column registration_cert_serial text;
alter table users add column password_changed_at timestamptz;
-- The organisation a user last chose; sign-in starts there when the user belongs to several.
alter table users add column last_organization_id uuid references organizations(id) on delete set null;

-- Remember-me: a persistent session's cookie outlives the browser, a plain one ends with it.
alter table refresh_tokens add column persistent boolean not null default false;
create index refresh_tokens_user_idx on refresh_tokens (user_id);
create index audit_log_event_idx on audit_log (event, at desc);

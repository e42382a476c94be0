-- Single-use sign-in tokens (issue 26; spec §7 Auth/LoginByTempToken, "token in query"): a signed-in
-- person asks for one (Auth/createTempToken) to open the same session elsewhere — another browser, a
-- phone, the desktop signer — without typing a password. Kept only as SHA-256; 60 seconds; used once.
create table temp_tokens (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index temp_tokens_expiry_idx on temp_tokens (expires_at);

-- The multi-sign log (issue 16): one row per bulk signing (one key load in the browser, many
-- documents), one item per document with its outcome. A document's "done" is written by the
-- documents' transition listener in the same transaction as its signature, so the log never says
-- signed for a document that is not, nor the other way round.
create table multi_sign_logs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  action text not null,
  reason text,
  state text not null default 'running' check (state in ('running', 'finished')),
  total integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index multi_sign_logs_org_idx on multi_sign_logs (organization_id, created_at desc);

create table multi_sign_items (
  log_id uuid not null references multi_sign_logs(id) on delete cascade,
  ord integer not null,
  document_id uuid not null,
  -- pending → done (signed) | refused (the server refused the signature) | skipped (its status changed
  -- meanwhile, or the action is not open to you) | notSigned (the signing stopped before it)
  outcome text not null default 'pending' check (outcome in ('pending', 'done', 'refused', 'skipped', 'notSigned')),
  code text,
  message text,
  at timestamptz,
  primary key (log_id, ord)
);
create index multi_sign_items_document_idx on multi_sign_items (document_id) where outcome = 'pending';

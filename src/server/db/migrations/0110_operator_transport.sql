-- Exchange beyond this server (issue 28, docs/operators.md): what travels through the company's
-- operator, per document and organisation, the queue of pushes, the cursor of each company's list of
-- changes at its operator, and one row per synchronisation run (GetLastProcess).

create table operator_documents (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  provider text not null,
  -- The operator's id and the roaming hub's id, kept beside Hujjat's (printed as operators print both).
  operator_id text,
  roaming_id text,
  -- Null while a change the acting user may not take is held (held) for someone who may.
  document_id uuid references documents(id) on delete cascade,
  kind text,
  direction text not null check (direction in ('out', 'in')),
  operator_status integer,
  transport_state text not null default 'queued'
    check (transport_state in ('queued', 'atOperator', 'delivered', 'failed', 'held')),
  failure_code text,
  failure_message text,
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index operator_documents_by_operator_id
  on operator_documents (organization_id, provider, operator_id) where operator_id is not null;
create unique index operator_documents_by_document
  on operator_documents (organization_id, document_id) where document_id is not null;
create index operator_documents_held on operator_documents (organization_id) where transport_state = 'held';

-- Actions made in Hujjat to hand to the operator (the user's own signature), in the order made.
create table operator_outbox (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  document_id uuid not null references documents(id) on delete cascade,
  action text not null,
  reason text,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  failure_code text,
  failure_message text,
  next_attempt_at timestamptz,
  claimed_at timestamptz,
  -- The job (jobs.id) handing it over: a push whose job is no longer running is taken again.
  claimed_by text,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create index operator_outbox_pending on operator_outbox (organization_id, created_at) where state in ('queued', 'running');
create index operator_outbox_document on operator_outbox (document_id);

create table operator_cursors (
  organization_id uuid not null references organizations(id) on delete cascade,
  provider text not null,
  cursor text not null,
  updated_at timestamptz not null default now(),
  primary key (organization_id, provider)
);

create table operator_runs (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  provider text not null,
  direction text not null check (direction in ('pull', 'push')),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  -- Documents (and status changes) stored from the operator / handed to it in this run.
  pulled integer not null default 0,
  pushed integer not null default 0,
  failed integer not null default 0,
  error_code text,
  error_message text
);
create index operator_runs_recent on operator_runs (organization_id, started_at desc);

-- Jobs (issue 16): one row per unit of long work (an import, a bulk signing, an archive, a monthly
-- fee run). pg-boss holds the queue itself (its own schema, created by pg-boss on start); this row is
-- what the owner reads: state, progress, result. Its id is the pg-boss job id.
create table jobs (
  id uuid primary key,
  type text not null,
  -- The owner: only this organisation (and, when set, this user) may read the job. Null for system
  -- jobs (scheduled work).
  organization_id uuid references organizations(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  state text not null default 'queued'
    check (state in ('queued', 'running', 'done', 'failed', 'cancelled')),
  done integer not null default 0,
  total integer,
  failed integer not null default 0,
  result jsonb,
  -- A failure the owner sees: an API error code and an i18next key with its parameters.
  error_code text,
  error_key text,
  error_params jsonb,
  attempts integer not null default 0,
  -- The server instance running it and its last sign of life: a running job whose instance went
  -- silent (kill -9, power loss) is handed back to the queue by the other instances or the restart.
  instance text,
  heartbeat_at timestamptz,
  cancel_requested boolean not null default false,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
create index jobs_owner_idx on jobs (organization_id, created_at desc);
create index jobs_running_idx on jobs (heartbeat_at) where state = 'running';

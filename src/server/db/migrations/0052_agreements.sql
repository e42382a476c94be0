-- Internal approval before signing (issue 15 §5; Document group agreement operations). One route per
-- document and organisation: performers approve or decline in order or all at once; its events are
-- kept after the route is deleted (the document's approval history).

create table document_agreements (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  mode text not null check (mode in ('sequential', 'parallel')),
  comment text not null default '' check (length(comment) <= 500),
  status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
  -- +1 on every resend: decisions of an earlier round no longer count.
  round integer not null default 1,
  -- The document's content hash the route was started (or resent) for: an approval is of that content.
  content_hash text not null,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (document_id, organization_id)
);

create table agreement_performers (
  agreement_id uuid not null references document_agreements(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  -- The order of a sequential route (0 first).
  position integer not null,
  decision text not null default 'pending' check (decision in ('pending', 'approved', 'declined')),
  comment text check (length(comment) <= 500),
  decided_at timestamptz,
  primary key (agreement_id, user_id),
  unique (agreement_id, position)
);
create index agreement_performers_user_idx on agreement_performers (user_id, decision);

create table agreement_events (
  id bigint generated always as identity primary key,
  document_id uuid not null references documents(id) on delete cascade,
  organization_id uuid not null references organizations(id) on delete cascade,
  round integer not null,
  action text not null check (action in ('created', 'approved', 'declined', 'resent', 'deleted',
                                          'controllerApproved', 'controllerDeclined')),
  actor_user_id uuid references users(id) on delete set null,
  -- The actor's name when they acted (kept when the person is deleted later).
  actor_name text not null,
  comment text check (length(comment) <= 500),
  at timestamptz not null default now()
);
create index agreement_events_doc_idx on agreement_events (document_id, organization_id, id);

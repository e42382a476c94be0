-- Webhooks (issue 30, docs/integrating.md "Webhooks"): endpoints per organisation, fed from the event
-- feed (each endpoint keeps its own position in document_feed), deliveries sent by the job queue with
-- Standard Webhooks signatures, retried for more than a day, logged attempt by attempt.
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  -- The feed rows of this identity (the organisation's TIN or PINFL) are its events.
  identity varchar(14) not null,
  url text not null,
  description text not null default '',
  -- Event types wanted (document.send, …); empty: every type.
  event_types text[] not null default '{}',
  -- whsec_<base64>: the HMAC key. During a rotation's overlap the previous one signs too.
  secret text not null,
  previous_secret text,
  previous_until timestamptz,
  enabled boolean not null default true,
  -- Set at the first failure after a success; a day of failures switches the endpoint off.
  failing_since timestamptz,
  disabled_at timestamptz,
  disabled_reason text,
  -- The last feed position handed to deliveries.
  feed_position bigint not null default 0,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index webhook_endpoints_org_idx on webhook_endpoints (organization_id);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
  -- webhook-id: the same on every attempt (receivers deduplicate by it).
  message_id text not null,
  event_type text not null,
  payload jsonb not null,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  last_status integer,
  last_error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (endpoint_id, message_id)
);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, created_at desc);

create table webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
  attempt integer not null,
  at timestamptz not null default now(),
  status integer,
  error text,
  duration_ms integer not null,
  -- The first bytes of the answer (at most WEBHOOK_ANSWER_LOG_BYTES).
  answer text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempt);

-- Request limits kept in the database (issue 30, docs/integrating.md "Limits"): every instance on one
-- PostgreSQL counts in the same rows, so a limit holds across instances. One row per (route, caller)
-- window; @fastify/rate-limit's store (src/server/http/rateLimitStore.ts) raises it in one statement.
create table rate_limit_hits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index rate_limit_hits_reset_idx on rate_limit_hits (reset_at);

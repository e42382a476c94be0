-- The metrics (src/server/metrics) count the queue's depth and its failed jobs by type at every
-- scrape; this keeps that an index walk over the few rows in those states, not a scan of every job
-- ever run.
create index jobs_state_type_idx on jobs (state, type) where state in ('queued', 'running', 'failed');

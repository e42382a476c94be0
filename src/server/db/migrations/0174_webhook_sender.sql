-- Webhook deliveries leave the job queue (issue 30, docs/integrating.md "Webhooks"): each instance's
-- sender claims due deliveries in batches straight from webhook_deliveries (for update skip locked),
-- and the claim is a lease: next_attempt_at moves a minute ahead, so a delivery whose sender died is
-- due again then. This index finds the due ones. claimed_at marks a lease (a retry's delay is none):
-- on PGlite, opened by one process only, every lease found at start is a dead process's and ends then.
alter table webhook_deliveries add column claimed_at timestamptz;
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where state = 'pending';
-- The jobs that used to carry deliveries: their deliveries are sent by the sender now.
update jobs set state = 'cancelled', finished_at = now(), updated_at = now()
 where type = 'webhooks.deliver' and state in ('queued', 'running');

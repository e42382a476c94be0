-- Who holds a webhook delivery's lease (services/webhooks/sender.ts): `<host>:<port>` of a server
-- instance. An instance started again on the same host and port (nothing else can listen there) ends
-- its dead predecessor's leases at once instead of when they end (60 s), on PostgreSQL too.
alter table webhook_deliveries add column claimed_by text;

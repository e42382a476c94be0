-- A received document is recognised by its kind and the hash of its exact signed bytes
-- (services/interop/import.ts alreadyHeld: a repeat is refused, another party of one already held is
-- shown it). Without an index that lookup read every document of the kind: ~2 ms of PostgreSQL per
-- import with 1,200 documents held (EXPLAIN ANALYZE, 2026-11-29), growing with every document — at
-- the design's million, a scan of a quarter of the table for each document the operator sync brings.
create index documents_content_hash_idx on documents (content_hash);

-- The search pieces' GIN index takes new entries into a small pending list and merges them into its
-- trees in bulk (0032 had it write each piece into its tree at once). With every piece written alone,
-- a document's ~40 pieces — most of them the same counterparty's, in every document it sends — were
-- ~40 decode-merge-encode rounds of a posting list: 18 % of PostgreSQL's time in a pull of 3,000
-- received documents (perf, 2026-11-29), ~0.9 ms a document. Merged in bulk, a key's new entries go in
-- together. The list is kept small (256 kB, ~200 documents' pieces) so that a search reading it stays
-- quick and the writer that finds it full (or autovacuum, before) merges it in milliseconds, not the
-- hundreds of milliseconds of the 4 MB default that 0032 avoided.
alter index document_party_search_grams_idx set (fastupdate = on, gin_pending_list_limit = 256);

-- Scans and PDFs attached to a document (issue 27.6; services/attachments). Kept with the document:
-- every party that may view the document may read them; the sender adds and removes them while the
-- document is its draft. The bytes live here (bounded by ATTACHMENT_MAX_BYTES, src/server/limits.ts).
create table document_attachments (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references documents (id) on delete cascade,
  file_name text not null check (length(file_name) between 1 and 255),
  -- Decided from the bytes (magic numbers), never from the name or the browser's word.
  content_type text not null check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
  size integer not null check (size > 0),
  sha256 text not null,
  data bytea not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index document_attachments_document_idx on document_attachments (document_id, created_at);

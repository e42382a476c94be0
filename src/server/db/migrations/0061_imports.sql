-- Excel import of documents (issue 16): one log row per uploaded file (DocExcelImport/GetList) and one
-- item per error found in it (GetItemList: row, column name, message, the rule that failed).
create table doc_excel_imports (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  kind text not null,
  file_name text not null,
  -- sha-256 of the file: with the group key it makes each document's idempotency key, so the same
  -- file imported twice creates nothing new.
  file_hash text not null,
  file_size integer not null,
  -- The upload, kept until the job has read it (the job may run on another server instance).
  file bytea,
  dry_run boolean not null default false,
  for_signing boolean not null default false,
  state text not null default 'queued'
    check (state in ('queued', 'running', 'invalid', 'checked', 'done', 'failed')),
  rows_count integer,
  documents_count integer,
  created_count integer not null default 0,
  existing_count integer not null default 0,
  errors_count integer not null default 0,
  document_ids jsonb not null default '[]',
  job_id uuid,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index doc_excel_imports_org_idx on doc_excel_imports (organization_id, created_at desc);

create table doc_excel_import_items (
  id bigint generated always as identity primary key,
  import_id uuid not null references doc_excel_imports(id) on delete cascade,
  row_number integer,
  column_name text,
  message text not null,
  rule text,
  document_key text,
  path text
);
create index doc_excel_import_items_import_idx on doc_excel_import_items (import_id, id);

-- Which draft each document of an imported table became: importing the same table again (by the
-- values of its cells, not the file's bytes) finds them and creates nothing new.
create table doc_excel_import_documents (
  organization_id uuid not null references organizations(id) on delete cascade,
  table_hash text not null,
  document_key text not null,
  document_id uuid not null references documents(id) on delete cascade,
  primary key (organization_id, table_hash, document_key)
);

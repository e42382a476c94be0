-- Signed archives of a selection of documents (issue 14), built by the job `archive.documents`: the
-- .zip waits here until its owner downloads it (Document/getArchiveFile) and is removed after
-- `expires_at`. Only the owner's organisation (and user) may read it.
create table archive_files (
  job_id uuid primary key,
  organization_id uuid not null references organizations(id) on delete cascade,
  user_id uuid references users(id) on delete set null,
  name text not null,
  bytes bytea not null,
  size integer not null,
  sha256 text not null,
  documents integer not null,
  failed integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index archive_files_expiry_idx on archive_files (expires_at);

-- Public verification of a signed document (issue 14): the printed QR points to /verify/{id}?k={key}.
-- The key is random (24 bytes, base64url), made the first time the document is printed after it was
-- signed and then kept, so every print of it carries the same link; it cannot be derived from the id,
-- and without it the verification page answers "not found" (ids cannot be enumerated).
create table document_verification_keys (
  document_id uuid primary key references documents(id) on delete cascade,
  key text not null unique check (length(key) >= 32),
  created_at timestamptz not null default now()
);

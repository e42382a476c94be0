-- A document's large values — its content, the exact signed bytes, the CMS and each signature's CMS —
-- are compressed with lz4 where the server has it (PostgreSQL built --with-lz4, as Debian's and the
-- official images are). pglz, the default, spent ~1.25 ms of a PostgreSQL core per stored row of three
-- 36 KB values against ~0.42 ms with lz4, for sizes within 6 % (measured 2026-11-29 on PostgreSQL 15,
-- 2,000 rows each); a received document writes four such values, so the operator sync (bench:sync,
-- issue 28) spent a good part of PostgreSQL's time in pglz. Only new values are written with lz4;
-- values stored before stay as they are and read as before. PGlite, built without lz4, keeps pglz.
do $$
begin
  if exists (select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
    alter table documents alter column content set compression lz4,
      alter column signed_bytes set compression lz4,
      alter column cms set compression lz4;
    alter table document_signatures alter column cms set compression lz4,
      alter column timestamp_token set compression lz4;
  end if;
end $$;

-- Issue 29.5: the Excel import runs the pre-sign checks on each document. A tripped block is an
-- error like any other (the import is refused); a warning or a note is reported beside the
-- document without refusing it. `level` is the check's level (null: an error of the file or the
-- schema); `warnings_count` counts the items that do not refuse.
alter table doc_excel_import_items add column level text check (level in ('block', 'warn', 'inform'));
alter table doc_excel_imports add column warnings_count integer not null default 0;

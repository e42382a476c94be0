-- An import its owner stopped (Job/cancel): the log says so, with the drafts created before the stop.
alter table doc_excel_imports drop constraint if exists doc_excel_imports_state_check;
alter table doc_excel_imports add constraint doc_excel_imports_state_check
  check (state in ('queued', 'running', 'invalid', 'checked', 'done', 'failed', 'cancelled'));

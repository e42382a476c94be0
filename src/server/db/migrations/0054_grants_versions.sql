-- Versions of what a member's rights are made of besides the membership and role rows: the role's
-- rights (role_rights) and the member's overrides (user_access). Triggers raise them in the
-- transaction that changes those rows. The session statement (auth/sessionState.ts) reads the
-- versions with the membership and role rows it joins anyway, and aggregates the rights and
-- overrides only when they differ from what this process last read for the member. The two
-- aggregates were most of the statement's cost, and every request runs it. A changed right still
-- applies from the next request.
--
-- Every version comes from one sequence, so a number is never seen twice: a membership removed and
-- added again, or a role deleted and made anew, cannot meet a version remembered from before.
create sequence grants_versions;
alter table roles add column rights_version bigint not null default nextval('grants_versions');
alter table memberships add column access_version bigint not null default nextval('grants_versions');

create function raise_role_rights_version() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    update roles set rights_version = nextval('grants_versions')
     where id in (select distinct role_id from changed_new);
  end if;
  if tg_op <> 'INSERT' then
    update roles set rights_version = nextval('grants_versions')
     where id in (select distinct role_id from changed_old);
  end if;
  return null;
end $$;

create function raise_access_version() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    update memberships m set access_version = nextval('grants_versions')
     where (m.user_id, m.organization_id) in (select distinct user_id, organization_id from changed_new);
  end if;
  if tg_op <> 'INSERT' then
    update memberships m set access_version = nextval('grants_versions')
     where (m.user_id, m.organization_id) in (select distinct user_id, organization_id from changed_old);
  end if;
  return null;
end $$;

-- A trigger with transition tables may name one event only.
create trigger role_rights_version_insert after insert on role_rights
  referencing new table as changed_new for each statement execute function raise_role_rights_version();
create trigger role_rights_version_update after update on role_rights
  referencing old table as changed_old new table as changed_new
  for each statement execute function raise_role_rights_version();
create trigger role_rights_version_delete after delete on role_rights
  referencing old table as changed_old for each statement execute function raise_role_rights_version();
create trigger user_access_version_insert after insert on user_access
  referencing new table as changed_new for each statement execute function raise_access_version();
create trigger user_access_version_update after update on user_access
  referencing old table as changed_old new table as changed_new
  for each statement execute function raise_access_version();
create trigger user_access_version_delete after delete on user_access
  referencing old table as changed_old for each statement execute function raise_access_version();

-- Staff, roles and document access (issue 15, docs/access.md). A right is an action code: a document
-- right "<kind>:<view|create|send|accept>" or an administrative right "admin:<name>". Built-in roles
-- are shared rows whose rights are computed from the registered kinds (a new kind needs no data
-- change); a custom role belongs to one organisation and lists its rights in role_rights.

create table roles (
  id uuid primary key default gen_random_uuid(),
  -- null: a built-in role, the same for every organisation.
  organization_id uuid references organizations(id) on delete cascade,
  code text unique check (code in ('director', 'accountant', 'manager', 'viewer')),
  name text not null check (length(name) between 1 and 100),
  description text not null default '' check (length(description) <= 500),
  is_deleted boolean not null default false,
  created_by uuid references users(id) on delete set null,
  updated_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((organization_id is null) = (code is not null))
);
create index roles_org_idx on roles (organization_id, is_deleted, name);
create unique index roles_org_name_idx on roles (organization_id, lower(name)) where not is_deleted;

-- Fixed ids: the built-in roles are the same on every installation.
insert into roles (id, code, name) values
  ('00000000-0000-4000-8000-000000000001', 'director', 'director'),
  ('00000000-0000-4000-8000-000000000002', 'accountant', 'accountant'),
  ('00000000-0000-4000-8000-000000000003', 'manager', 'manager'),
  ('00000000-0000-4000-8000-000000000004', 'viewer', 'viewer');

create table role_rights (
  role_id uuid not null references roles(id) on delete cascade,
  action text not null check (action ~ '^(admin|[A-Za-z][A-Za-z0-9]*):[A-Za-z]+$'),
  primary key (role_id, action)
);

create table departments (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, id)
);
create unique index departments_org_name_idx on departments (organization_id, lower(name));

create table positions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  department_id uuid,
  name text not null check (length(name) between 1 and 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, id),
  foreign key (organization_id, department_id) references departments (organization_id, id)
    on delete set null (department_id)
);
create index positions_org_idx on positions (organization_id, department_id, name);

-- A staff member is a membership. Department and position must be the organisation's own (composite
-- keys), so a foreign id can never be attached; the role (built-in or own) is checked by the service.
alter table memberships add column role_id uuid;
alter table memberships add column department_id uuid;
alter table memberships add column position_id uuid;
-- The branch whose documents the member sees when not allowed all branches (admin:allBranches).
alter table memberships add column branch_code text;
alter table memberships add column added_by uuid references users(id) on delete set null;
alter table memberships add column updated_at timestamptz not null default now();
alter table memberships add constraint memberships_role_fk foreign key (role_id) references roles (id);
alter table memberships add constraint memberships_department_fk foreign key (organization_id, department_id)
  references departments (organization_id, id) on delete set null (department_id);
alter table memberships add constraint memberships_position_fk foreign key (organization_id, position_id)
  references positions (organization_id, id) on delete set null (position_id);
create index memberships_role_idx on memberships (role_id);

-- Per-user overrides of the role (DocumentAccess/change): allowed true grants, false withholds.
create table user_access (
  organization_id uuid not null,
  user_id uuid not null,
  action text not null check (action ~ '^(admin|[A-Za-z][A-Za-z0-9]*):[A-Za-z]+$'),
  allowed boolean not null,
  updated_by uuid references users(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (organization_id, user_id, action),
  foreign key (user_id, organization_id) references memberships (user_id, organization_id) on delete cascade
);

-- A person added by a director (not by their own certificate or registration): the organisation
-- may edit their name and contacts and deletes them with the membership.
alter table users add column created_by_organization_id uuid references organizations(id) on delete set null;
-- The interface language the person chose (settings/account); null: the browser's.
alter table users add column language text check (language in ('ru', 'uz', 'en'));

-- Kinds that need an approved internal agreement before they may be sent (issue 15 §5).
create table approval_requirements (
  organization_id uuid not null references organizations(id) on delete cascade,
  kind text not null,
  updated_by uuid references users(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (organization_id, kind)
);

-- What the requisites page keeps beside organizations.requisites (issue 15): bank accounts, branches
-- and the accountants a document may name. Each row belongs to one organisation.

create table organization_accounts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  account varchar(27) not null check (account ~ '^([0-9]{20}|[0-9]{27})$'),
  mfo varchar(5) not null check (mfo ~ '^[0-9]{5}$'),
  bank_name text not null default '' check (length(bank_name) <= 300),
  currency varchar(3) not null default 'UZS' check (currency ~ '^[A-Z]{3}$'),
  -- The account documents are filled with (at most one per organisation).
  is_main boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, account)
);
create unique index organization_accounts_main_idx on organization_accounts (organization_id) where is_main;

create table organization_branches (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  code text not null check (code ~ '^[0-9A-Za-z-]{1,20}$'),
  name text not null check (length(name) between 1 and 300),
  address text not null default '' check (length(address) <= 500),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, code)
);

create table organization_accountants (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations(id) on delete cascade,
  -- A staff member, when the accountant is one (Organization/setAccountant).
  user_id uuid references users(id) on delete set null,
  full_name text not null check (length(full_name) between 1 and 300),
  pinfl varchar(14) check (pinfl ~ '^[0-9]{14}$'),
  -- The chief accountant: the requisites' Accountant (at most one per organisation).
  is_main boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, pinfl)
);
create unique index organization_accountants_main_idx on organization_accountants (organization_id) where is_main;
create unique index organization_accountants_user_idx on organization_accountants (organization_id, user_id);

-- The settings history of an organisation is read from the audit log.
create index audit_log_org_idx on audit_log (organization_id, at desc);

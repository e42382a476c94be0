-- The organisation's tariff, balance and payment history (issue 15 §4): a ledger kept in the
-- database — top-ups recorded by the operator's administrator (npm run billing), the monthly fee
-- charged by a scheduled job — and the bank requisites to pay to. No payment gateway.

create table tariffs (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[a-z0-9-]{1,40}$'),
  name text not null check (length(name) between 1 and 200),
  monthly_fee numeric(20, 2) not null check (monthly_fee >= 0),
  -- The tariff of every organisation that has none of its own (at most one).
  is_default boolean not null default false,
  is_demo boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index tariffs_default_idx on tariffs (is_default) where is_default;

create table billing_accounts (
  organization_id uuid primary key references organizations(id) on delete cascade,
  -- null: the default tariff.
  tariff_id uuid references tariffs(id),
  -- The sum of the ledger, kept beside it (updated in the transaction that appends the entry).
  balance numeric(20, 2) not null default 0,
  updated_at timestamptz not null default now()
);

create table billing_ledger (
  id bigint generated always as identity primary key,
  organization_id uuid not null references organizations(id) on delete cascade,
  at timestamptz not null default now(),
  entry text not null check (entry in ('topUp', 'monthlyFee', 'adjustment')),
  -- Positive: money in (top-up); negative: charged.
  amount numeric(20, 2) not null check (amount <> 0),
  balance_after numeric(20, 2) not null,
  -- The month a fee is for (yyyy-MM), Tashkent time.
  period varchar(7) check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  tariff_code text,
  -- The payment order's number or the administrator's reference.
  reference text check (length(reference) <= 100),
  note text check (length(note) <= 500),
  -- Who recorded it: the administrator's name, or "scheduler" for the monthly fee.
  recorded_by text not null,
  is_demo boolean not null default false,
  check ((entry = 'monthlyFee') = (period is not null)),
  check (entry <> 'topUp' or amount > 0)
);
-- One fee per organisation and month: a second run of the job charges nothing twice.
create unique index billing_ledger_fee_idx on billing_ledger (organization_id, period) where entry = 'monthlyFee';
create index billing_ledger_org_idx on billing_ledger (organization_id, id desc);

-- Where organisations pay to: the operator of this installation (one row).
create table billing_payee (
  id boolean primary key default true check (id),
  name text not null,
  tin varchar(9) not null check (tin ~ '^[0-9]{9}$'),
  account varchar(27) not null check (account ~ '^([0-9]{20}|[0-9]{27})$'),
  mfo varchar(5) not null check (mfo ~ '^[0-9]{5}$'),
  bank_name text not null,
  is_demo boolean not null default false,
  updated_at timestamptz not null default now()
);

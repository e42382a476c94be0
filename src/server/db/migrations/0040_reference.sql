-- Reference data (spec §3 "data kinds fetched", §7 InvoiceItem, Regions, Banks, BankCodes, the
-- classifier calls of Document) and what an organisation keeps beside it (OrgSetting products,
-- ContractInfoWithOrg contracts, InvoiceItem transport, Questions). See docs/reference.md.
--
-- The bundled public lists (regions, districts, countries, currencies, measures, the classifier
-- sample) are inserted by 0041_reference_data.sql, generated from data/*.json. Banks and the full
-- classifier come from the authorities' exports through `npm run import:banks` / `import:mxik`.
--
-- Search: PGlite has no pg_trgm and its lower() folds ASCII only (see 0020_catalogue.sql), so the
-- application keeps a normalized text (lower case, Uzbek Cyrillic in Latin, no apostrophes) beside
-- each searchable name; codes are "C"-collated keys so `like 'prefix%'` is an index range scan.

-- What each list holds now and where it came from; `version` grows with every load, so in-process
-- search indexes know when to rebuild.
create table ref_datasets (
  name text primary key check (name in ('regions', 'districts', 'countries', 'currencies', 'measures', 'banks', 'mxik')),
  source text not null check (source in ('bundled', 'sample', 'demo', 'import')),
  file_name text,
  row_count integer not null default 0,
  version bigint not null default 1,
  loaded_at timestamptz not null default now()
);

-- Regions: `id` is the tax authority's region id (regionId / ns10Code = SOATO - 1700).
create table ref_regions (
  id integer primary key,
  soato integer not null unique,
  iso_3166_2 text,
  type text not null check (type in ('region', 'city', 'republic')),
  name_uz_latn text not null,
  name_uz_cyrl text not null,
  name_ru text not null,
  name_en text
);

-- Districts and cities of regional subordination by SOATO; `tax_district_code` is the tax
-- authority's district code within the region (ns11Code), known where a public source gives it.
create table ref_districts (
  soato integer primary key,
  region_id integer not null references ref_regions (id),
  tax_district_code integer,
  type text not null check (type in ('district', 'city')),
  name_uz_latn text not null,
  name_uz_cyrl text not null,
  name_ru text not null,
  name_en text,
  unique (region_id, tax_district_code)
);
create index ref_districts_region_idx on ref_districts (region_id, soato);

create table ref_countries (
  alpha2 char(2) collate "C" primary key,
  alpha3 char(3) collate "C" not null unique,
  numeric char(3) collate "C" not null unique,
  name_en text not null,
  name_ru text not null,
  name_uz_latn text,
  name_uz_cyrl text
);

create table ref_currencies (
  code char(3) collate "C" primary key,
  numeric char(3) collate "C" not null unique,
  minor_digits integer,
  name_en text not null,
  name_ru text,
  name_uz_latn text,
  name_uz_cyrl text
);

create table ref_measures (
  code text collate "C" primary key check (code ~ '^[0-9]{3}$'),
  name_ru text not null,
  short_ru text not null,
  name_uz_latn text not null,
  short_uz_latn text not null,
  name_uz_cyrl text not null,
  short_uz_cyrl text not null,
  name_en text not null,
  short_en text not null
);

-- Banks (branches) by MFO, the 5-digit code of the Central Bank's directory. Administered through
-- BankCodes and loaded by `npm run import:banks`; the demo set is flagged.
create table ref_banks (
  mfo text collate "C" primary key check (mfo ~ '^[0-9]{5}$'),
  name text not null check (name <> ''),
  name_ru text,
  -- The head bank's MFO for a branch (null for a head office or when unknown).
  head_mfo text collate "C" check (head_mfo is null or head_mfo ~ '^[0-9]{5}$'),
  tin text check (tin is null or tin ~ '^[0-9]{9}$'),
  address text,
  is_active boolean not null default true,
  is_demo boolean not null default false,
  -- normalized mfo, name and name_ru for the list's search.
  search text collate "C" not null,
  version integer not null default 1,
  updated_at timestamptz not null default now()
);

-- The classifier (MXIK / IKPU): 17-digit codes with their names in the three scripts.
create table ref_mxik (
  code text collate "C" primary key check (code ~ '^[0-9]{17}$'),
  name_ru text,
  name_uz_latn text,
  name_uz_cyrl text,
  -- GTIN (barcode) of a brand-level code.
  international_code text,
  -- Marked goods (digital marking required).
  label boolean not null default false,
  use_package boolean not null default true,
  -- Normalized words of the three names, space separated: the search index is built from them.
  tokens text not null default '',
  source text not null check (source in ('sample', 'demo', 'import')),
  updated_at timestamptz not null default now()
);

-- Package codes are bound to a classifier code (tasnif's packages[]).
create table ref_mxik_packages (
  mxik_code text collate "C" not null references ref_mxik (code) on delete cascade,
  code text collate "C" not null check (code ~ '^[0-9]{1,20}$'),
  package_type text,
  name_ru text,
  name_uz_latn text,
  name_uz_cyrl text,
  primary key (mxik_code, code)
);

-- Names of the hierarchy levels: group (3 digits), class (5), position (8), sub-position (11).
create table ref_mxik_groups (
  code text collate "C" primary key check (code ~ '^([0-9]{3}|[0-9]{5}|[0-9]{8}|[0-9]{11})$'),
  name_ru text,
  name_uz_latn text,
  name_uz_cyrl text,
  source text not null check (source in ('sample', 'demo', 'import'))
);

-- OrgSetting: the organisation's own products with their classifier codes, offered first in the
-- goods table of its documents.
create table org_products (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations (id) on delete cascade,
  name text not null check (name <> ''),
  catalog_code text collate "C" not null check (catalog_code ~ '^[0-9]{17}$'),
  catalog_name text,
  package_code text,
  package_name text,
  measure_code text,
  barcode text,
  -- normalized name, code and barcode for the list's search.
  search text collate "C" not null,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, catalog_code, name)
);
create index org_products_org_idx on org_products (organization_id, name);

-- ContractInfoWithOrg: the organisation's contracts with counterparties (`type`: sale = we sell to
-- the counterparty, purchase = we buy from it).
create table org_contracts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references organizations (id) on delete cascade,
  type text not null check (type in ('sale', 'purchase')),
  counterparty_tin varchar(14) not null check (counterparty_tin ~ '^([0-9]{9}|[0-9]{14})$'),
  counterparty_name text,
  contract_no text not null check (contract_no <> ''),
  contract_date date not null,
  valid_until date check (valid_until is null or valid_until >= contract_date),
  amount numeric(20, 2) check (amount is null or amount >= 0),
  currency char(3),
  note text,
  file_name text,
  file_type text,
  file_size integer,
  file_data bytea,
  version integer not null default 1,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, counterparty_tin, contract_no, contract_date)
);
create index org_contracts_org_idx on org_contracts (organization_id, contract_date desc);

-- InvoiceItem getTransport/updateTransport: the vehicles and drivers an organisation used with a
-- carrier, offered again on its next waybill with that carrier.
create table org_transport (
  organization_id uuid not null references organizations (id) on delete cascade,
  tin_or_pinfl varchar(14) not null check (tin_or_pinfl ~ '^([0-9]{9}|[0-9]{14})$'),
  name text,
  trucks jsonb not null default '[]'::jsonb,
  trailers jsonb not null default '[]'::jsonb,
  drivers jsonb not null default '[]'::jsonb,
  version integer not null default 1,
  updated_at timestamptz not null default now(),
  primary key (organization_id, tin_or_pinfl)
);

-- Questions/add: questions asked on the help page, kept for the service's administrator.
create table help_questions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid references organizations (id) on delete set null,
  user_id uuid references users (id) on delete set null,
  name text,
  contact text,
  topic text,
  text text not null check (text <> ''),
  lang text,
  status text not null default 'new' check (status in ('new', 'answered', 'closed')),
  created_at timestamptz not null default now()
);
create index help_questions_created_idx on help_questions (created_at desc);

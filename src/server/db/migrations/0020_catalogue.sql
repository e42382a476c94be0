-- Catalogue of VAT benefits (spec §2 "Catalogue screen", §7 /api/Lgota). Reference data, the same for
-- every organisation, loaded by the demo seeder, the importer or the tax-authority refresh.
--
-- Search: PGlite has no pg_trgm and its lower() folds ASCII only, so the application computes a
-- normalized form (lower case, Uzbek Cyrillic transliterated to Latin, apostrophes dropped) and stores
-- it next to the text. Names are split into words kept in a `tokens` array (GIN) and in a shared
-- vocabulary (btree, "C" collation, so `like 'abc%'` is an index range scan on both databases). A
-- word-prefix search expands each query word through the vocabulary and matches rows with `&&`.

create table catalogue_benefits (
  -- newLgotaId of the tax authority: the key rows point to.
  id text primary key check (id <> ''),
  -- lgotaId: the benefit's identifier in the previous numbering, when known.
  old_id text,
  name_ru text not null,
  name_uz text,
  -- normalized name_ru || ' ' || name_uz; benefits are few, so a substring scan is cheap.
  search text collate "C" not null,
  is_demo boolean not null default false
);

create table catalogue_vocabulary (
  token text collate "C" primary key
);

-- Tabs 1 and 2: goods and services without VAT; zero-VAT goods and services.
create table catalogue_without_vat (
  id bigserial primary key,
  catalog_code text collate "C" not null check (catalog_code ~ '^[0-9]{17}$'),
  catalog_name text not null,
  benefit_id text not null references catalogue_benefits (id),
  tokens text[] not null,
  is_demo boolean not null default false,
  unique (catalog_code, benefit_id)
);
create index catalogue_without_vat_benefit_idx on catalogue_without_vat (benefit_id, catalog_code);
create index catalogue_without_vat_tokens_idx on catalogue_without_vat using gin (tokens);

create table catalogue_zero_vat (
  id bigserial primary key,
  catalog_code text collate "C" not null check (catalog_code ~ '^[0-9]{17}$'),
  catalog_name text not null,
  benefit_id text not null references catalogue_benefits (id),
  tokens text[] not null,
  is_demo boolean not null default false,
  unique (catalog_code, benefit_id)
);
create index catalogue_zero_vat_benefit_idx on catalogue_zero_vat (benefit_id, catalog_code);
create index catalogue_zero_vat_tokens_idx on catalogue_zero_vat using gin (tokens);

-- Tabs 3 and 4: enterprises selling / purchasing with benefits.
create table catalogue_privileged_sellers (
  id bigserial primary key,
  tin text collate "C" not null check (tin ~ '^[0-9]{9}$'),
  name text not null,
  benefit_id text not null references catalogue_benefits (id),
  lgota_id text,
  date_begin date not null,
  date_end date check (date_end is null or date_end >= date_begin),
  is_demo boolean not null default false,
  unique (tin, benefit_id, date_begin)
);
create index catalogue_privileged_sellers_benefit_idx on catalogue_privileged_sellers (benefit_id, tin);

create table catalogue_privileged_buyers (
  id bigserial primary key,
  tin text collate "C" not null check (tin ~ '^[0-9]{9}$'),
  name text not null,
  benefit_id text not null references catalogue_benefits (id),
  lgota_id text,
  date_begin date not null,
  date_end date check (date_end is null or date_end >= date_begin),
  is_demo boolean not null default false,
  unique (tin, benefit_id, date_begin)
);
create index catalogue_privileged_buyers_benefit_idx on catalogue_privileged_buyers (benefit_id, tin);

-- Tabs 5 and 6: goods not considered (not included); refinanced (compensation) works.
create table catalogue_not_included (
  id bigserial primary key,
  catalog_code text collate "C" not null unique check (catalog_code ~ '^[0-9]{17}$'),
  catalog_name text not null,
  tokens text[] not null,
  is_demo boolean not null default false
);
create index catalogue_not_included_tokens_idx on catalogue_not_included using gin (tokens);

create table catalogue_compensation_works (
  id bigserial primary key,
  catalog_code text collate "C" not null unique check (catalog_code ~ '^[0-9]{17}$'),
  catalog_name text not null,
  tokens text[] not null,
  is_demo boolean not null default false
);
create index catalogue_compensation_works_tokens_idx on catalogue_compensation_works using gin (tokens);

-- Companies the tax authority lists for goods nonconformity (Lgota/nonconformitygoodscompanies).
-- Filled only by the importer or the refresh; there is no public source, so no demo rows.
create table catalogue_nonconformity_companies (
  id bigserial primary key,
  tin text collate "C" not null check (tin ~ '^[0-9]{9}$'),
  name text not null,
  catalog_code text collate "C" check (catalog_code is null or catalog_code ~ '^[0-9]{17}$'),
  catalog_name text,
  reason text,
  date_begin date,
  unique (tin, catalog_code)
);

-- Which data set each list holds: demo (seeder), import (file) or refresh (tax-authority API).
-- `version` grows on every load so cached counts of the previous data are never served.
create table catalogue_datasets (
  list text primary key,
  source text not null check (source in ('demo', 'import', 'refresh')),
  file_name text,
  row_count integer not null default 0,
  version bigint not null default 1,
  loaded_at timestamptz not null default now()
);

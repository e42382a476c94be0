/**
 * The document set of bench:documents (and bench:statistics): `organizations` bench organisations
 * (TINs 310000000…, named "(bench)") and `documents` documents between them, written straight into the
 * tables the lists read (documents + one party row per party), in SQL so a million rows take minutes,
 * not hours. Deterministic: the same counts give the same data.
 *
 * The mix (kinds, statuses, dates over two years, each organisation trading with 37 partners, 3 % in a
 * bin) follows what an operator's database holds: half invoices, then acts and waybills; most documents
 * signed, a tenth waiting, a few drafts, rejections and cancellations.
 */
import type { Db } from '../../src/server/db/client';

export const BENCH_TIN_BASE = 310_000_000;

export interface SeedOptions {
  documents: number;
  organizations: number;
  /** Rows per INSERT … SELECT batch (progress is reported per batch). */
  batch?: number;
  onProgress?: (done: number) => void;
}

export const benchTin = (index: number) => String(BENCH_TIN_BASE + index);

export async function seedBenchOrganizations(db: Db, organizations: number) {
  await db.query(
    `insert into organizations (tin, name, is_demo)
     select ($1::bigint + g)::text, 'Bench trading company ' || g || ' (bench)', true
     from generate_series(0, $2::int - 1) g
     on conflict (tin) do nothing`,
    [BENCH_TIN_BASE, organizations],
  );
}

// kind, DocType id and the statuses documents of it rest in, by the document's number modulo 20.
const KIND_SQL = `case when g % 20 < 10 then 'invoice' when g % 20 < 13 then 'completionAct' when g % 20 < 16 then 'waybill'
  when g % 20 = 16 then 'contract' when g % 20 = 17 then 'empowerment' when g % 20 = 18 then 'acceptanceAct'
  else 'verificationAct' end`;
const TYPE_ID_SQL = `case when g % 20 < 10 then 2 when g % 20 < 13 then 5 when g % 20 < 16 then 41 when g % 20 = 16 then 7
  when g % 20 = 17 then 6 when g % 20 = 18 then 54 else 52 end`;
// Two-sided kinds: 3 % drafts, 10 % waiting, 75 % signed, 7 % rejected, 5 % cancelled; waybills on their ladder.
const STATUS_SQL = `case when g % 20 between 13 and 15 then
    (array[0, 110, 140, 160, 160, 160, 160, 200, 130, 120])[1 + (g / 20) % 10]
  else (array[0, 1, 3, 3, 3, 3, 3, 3, 4, 5])[1 + (g / 20) % 10] end`;

// The day of document g ($5 documents over 700 days, from 2025-01-01): documents are written in the
// order they were made, as a live table is appended — so a party's rows in time order (the lists'
// order) lie in the table in about that order too. (Days by g % 700 scattered each party's recent
// rows over the whole table: an index-only scan then switched visibility-map pages at almost every
// entry — 1,445 buffer reads to count 1,843 rows — which a live table does not do.)
const DAY_SQL = `((g - 1)::bigint * 700 / $5::int)::int`;

/**
 * The search pieces' index (migration 0032) is built once after the load, as a bulk load is done:
 * taken piece by piece at every inserted row it made seeding 1,000,000 documents about five times
 * slower (400,000 in 9 minutes against 1,000,000 in 260 s before it). Its definition is read from the
 * database, so the seed never holds a second copy of it.
 */
async function withoutSearchPieceIndex(db: Db, load: () => Promise<void>) {
  const { rows } = await db.query<{ indexdef: string }>(
    `select indexdef from pg_indexes where indexname = 'document_party_search_grams_idx' and schemaname = current_schema()`,
  );
  const definition = rows[0]?.indexdef;
  if (definition) await db.query('drop index document_party_search_grams_idx');
  await load();
  if (!definition) return;
  await db.transaction(async (tx) => {
    if (tx.kind === 'postgresql') await tx.query(`set local maintenance_work_mem = '512MB'`);
    await tx.query(definition);
  });
}

export async function seedBenchDocuments(db: Db, options: SeedOptions): Promise<void> {
  await withoutSearchPieceIndex(db, () => seedDocuments(db, options));
  await db.query('vacuum (analyze) document_party_search');
}

async function seedDocuments(db: Db, options: SeedOptions): Promise<void> {
  const batch = options.batch ?? 50_000;
  await seedBenchOrganizations(db, options.organizations);
  for (let from = 1; from <= options.documents; from += batch) {
    const to = Math.min(options.documents, from + batch - 1);
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into documents (id, kind, type_id, doc_type, national_id, number, doc_date, total_sum, status, version,
           owner_org_id, content, content_hash, created_at, updated_at, sent_at)
         select md5('bench-doc-' || g)::uuid, ${KIND_SQL}, ${TYPE_ID_SQL}, '0', substr(md5('n' || g), 1, 24), 'B-' || g,
           date '2025-01-01' + ${DAY_SQL}, ((g::bigint * 7919) % 50000000) / 100.0, ${STATUS_SQL}, 2,
           o.id, '{}'::jsonb, md5('c' || g),
           timestamp '2025-01-01 09:00' + ${DAY_SQL} * interval '1 day' + (g % 480) * interval '1 minute',
           timestamp '2025-01-01 09:00' + ${DAY_SQL} * interval '1 day' + (g % 480 + 30) * interval '1 minute',
           timestamp '2025-01-01 09:00' + ${DAY_SQL} * interval '1 day' + (g % 480 + 10) * interval '1 minute'
         from generate_series($1::int, $2::int) g
         join organizations o on o.tin = ($3::bigint + (g::bigint * 7919) % $4::int)::text`,
        [from, to, BENCH_TIN_BASE, options.organizations, options.documents],
      );
      // The sender's row, and the receiver's once the document left the drafts.
      await tx.query(
        `with docs as (
           select d.*, g, ($3::bigint + (g::bigint * 7919) % $4::int)::text as sender_tin,
             ($3::bigint + ((g::bigint * 7919) % $4::int + 1 + g % 37) % $4::int)::text as receiver_tin
           from generate_series($1::int, $2::int) g join documents d on d.id = md5('bench-doc-' || g)::uuid)
         insert into document_parties (document_id, identity, roles, name, box, bin_state, awaiting, kind, type_id,
           doc_type, number, doc_date, total_sum, status, view_status, counterparty_identity, counterparty_name,
           search, created_at, updated_at, sent_at)
         select id, sender_tin, array['sender'], 'Bench trading company (bench)',
           case when status = 0 then 'drafts' else 'outgoing' end,
           case when g % 33 = 0 then 'binned' else 'active' end, false, kind, type_id, doc_type, number, doc_date,
           total_sum, status, status, receiver_tin, 'Bench trading company ' || (receiver_tin::bigint - $3) || ' (bench)',
           lower(number || ' ' || receiver_tin || ' bench trading company ' || (receiver_tin::bigint - $3) || ' (bench)'),
           created_at, updated_at, case when status = 0 then null else sent_at end
         from docs
         union all
         select id, receiver_tin, array['receiver'], 'Bench trading company (bench)', 'incoming',
           case when g % 41 = 0 then 'binned' else 'active' end, status in (1, 110), kind, type_id, doc_type, number,
           doc_date, total_sum, status, case when status = 1 then 2 else status end, sender_tin,
           'Bench trading company ' || (sender_tin::bigint - $3) || ' (bench)',
           lower(number || ' ' || sender_tin || ' bench trading company ' || (sender_tin::bigint - $3) || ' (bench)'),
           created_at, updated_at, sent_at
         from docs where status <> 0`,
        [from, to, BENCH_TIN_BASE, options.organizations],
      );
    });
    options.onProgress?.(to);
  }
  // The steady state of a live database: autovacuum has set the visibility map after the load (it
  // does so after large inserts), so index-only scans skip the heap as they would in production.
  await db.query('vacuum (analyze) documents');
  await db.query('vacuum (analyze) document_parties');
}

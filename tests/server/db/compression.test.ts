// Migration 0180: a document's large values are compressed with lz4 where the server has it (pglz
// cost PostgreSQL ~3× the CPU per stored value), and the migration applies where it has not (PGlite).
import { expect, it } from 'vitest';
import { withDatabases } from '../harness';

const LARGE_VALUES = [
  'documents.content',
  'documents.signed_bytes',
  'documents.cms',
  'document_signatures.cms',
  'document_signatures.timestamp_token',
];

withDatabases(
  'column compression',
  (ctx) => {
    it('writes documents’ and signatures’ large values with lz4 when the server offers it', async () => {
      const { rows: offered } = await ctx.db.query<{ lz4: boolean }>(
        `select coalesce(bool_or('lz4' = any(enumvals)), false) as lz4 from pg_settings
          where name = 'default_toast_compression'`,
      );
      const { rows } = await ctx.db.query<{ name: string; compression: string }>(
        `select c.relname || '.' || a.attname as name, a.attcompression::text as compression
           from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.oid in ('documents'::regclass, 'document_signatures'::regclass) and a.attnum > 0
            and not a.attisdropped`,
      );
      const byName = new Map(rows.map((row) => [row.name, row.compression]));
      for (const name of LARGE_VALUES) expect(byName.get(name), name).toBe(offered[0].lz4 ? 'l' : '');
      // Nothing else was changed: small columns keep the server's default.
      expect(byName.get('documents.number')).toBe('');
      if (ctx.kind === 'postgresql') expect(offered[0].lz4).toBe(true); // Debian's PostgreSQL has it
    });
  },
  { seed: false },
);

// The bundled public lists: 0041_reference_data.sql is exactly what data/*.json generate (so data
// and database never drift apart), and every data file keeps its provenance beside it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceDataSql } from '../../../src/server/services/reference/bundled/migrationSql';
import { mxikSample } from '../../../src/server/services/reference/bundled/rows';

const root = path.resolve(__dirname, '../../..');

describe('bundled reference data', () => {
  it('0041_reference_data.sql is generated from data/ (npx tsx scripts/build-reference-migration.ts)', () => {
    const file = fs.readFileSync(path.join(root, 'src/server/db/migrations/0041_reference_data.sql'), 'utf8');
    expect(file).toBe(referenceDataSql());
  });

  it('every data file has its provenance (NAME.source.md) beside it', () => {
    const files = fs.readdirSync(path.join(root, 'data')).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const f of files)
      expect(fs.existsSync(path.join(root, 'data', f.replace(/\.json$/, '.source.md'))), f).toBe(true);
  });

  it('a sample base code without a name of its own carries its sub-position’s name', () => {
    const horse = mxikSample().items.find((i) => i.code === '00101001001000000');
    expect(horse).toMatchObject({ nameUzLatn: 'Tirik otlar', nameRu: null });
  });
});

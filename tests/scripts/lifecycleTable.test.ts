import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { lifecycleTables } from '../../scripts/lifecycle-table';

it('keeps docs/lifecycles.md generated from the lifecycle files (npm run lifecycle:table)', () => {
  const file = fs.readFileSync(path.resolve(__dirname, '../../docs/lifecycles.md'), 'utf8');
  expect(file).toBe(lifecycleTables());
  expect(file).toContain('| responsibleGive | responsible | 140 | 160 |');
});

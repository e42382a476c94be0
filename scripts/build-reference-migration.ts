import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { referenceDataSql } from '../src/server/services/reference/bundled/migrationSql';

// Writes src/server/db/migrations/0041_reference_data.sql from data/*.json. Run it after changing a
// bundled list in a new project (a database that already applied 0041 needs a new migration instead).
const target = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/server/db/migrations/0041_reference_data.sql',
);
fs.writeFileSync(target, referenceDataSql());
console.log(`written ${path.relative(process.cwd(), target)}`);

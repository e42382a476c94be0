import type { Db } from '../client';
import { seedDemoBilling } from './billing';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoOrganizations } from './organizations';
import { seedDemoReference } from './reference';
import { seedDemoUsers } from './users';

export interface Seeder {
  name: string;
  run(db: Db): Promise<void>;
}

/** Demo seeders in order; each is idempotent. Areas append their own (catalogue, users, …). */
export const DEMO_SEEDERS: Seeder[] = [
  { name: 'organizations', run: seedDemoOrganizations },
  { name: 'catalogue', run: seedDemoCatalogue },
  { name: 'users', run: seedDemoUsers },
  { name: 'billing', run: seedDemoBilling },
  { name: 'reference', run: seedDemoReference },
];

export async function seedDemo(db: Db, seeders = DEMO_SEEDERS): Promise<string[]> {
  const done: string[] = [];
  for (const seeder of seeders) {
    await seeder.run(db);
    done.push(seeder.name);
  }
  return done;
}

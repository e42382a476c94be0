import type { Db } from '../client';

// Demo parties. Every name carries "(demo)" so demo data can never pass for real data; TINs lie in the
// organisation range 200000000–400000000. The demo PKI issues keys for the same identities.
export const DEMO_ORGANIZATIONS = [
  {
    tin: '302000001',
    name: 'OOO «Demo Savdo» (demo)',
    director: 'Aliyev Akmal Karimovich',
    directorPinfl: '31505850123451',
  },
  {
    tin: '302000002',
    name: 'AJ «Demo Qurilish» (demo)',
    director: 'Karimova Dilnoza Rustamovna',
    directorPinfl: '42203900234562',
  },
  {
    tin: '302000003',
    name: 'XK «Demo Logistika» (demo)',
    director: 'Tursunov Bobur Olimovich',
    directorPinfl: '31012880345673',
  },
] as const;

export const DEMO_INDIVIDUALS = [
  { pinfl: '31707920456784', name: 'Rahimov Jasur Anvarovich (demo)' },
  { pinfl: '42511950567895', name: 'Yusupova Madina Shavkatovna (demo)' },
] as const;

export async function seedDemoOrganizations(db: Db) {
  for (const org of DEMO_ORGANIZATIONS) {
    await db.query(
      `insert into organizations (tin, name, is_demo, requisites)
       values ($1, $2, true, $3)
       on conflict (tin) do nothing`,
      [org.tin, org.name, JSON.stringify({ Director: org.director, DirectorPinfl: org.directorPinfl })],
    );
  }
  for (const person of DEMO_INDIVIDUALS) {
    await db.query(
      `insert into organizations (pinfl, name, is_demo) values ($1, $2, true)
       on conflict (pinfl) do nothing`,
      [person.pinfl, person.name],
    );
  }
}

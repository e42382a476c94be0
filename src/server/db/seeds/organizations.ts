import type { Db } from '../client';

// Demo parties. Every name carries "(demo)" so demo data can never pass for real data; TINs lie in the
// organisation range 200000000–400000000. The demo PKI issues keys for the same identities.
export const DEMO_ORGANIZATIONS = [
  {
    tin: '302000001',
    name: 'OOO «Demo Savdo» (demo)',
    director: 'Aliyev Akmal Karimovich',
    directorPinfl: '31505850123451',
    // Requisites of the demo tax registry (services/soliq/demo): a VAT payer with an active
    // certificate, banking with a demo bank (MFO 09002, services/reference/banks/demo.ts).
    taxpayerType: 20,
    vatRegCode: '326020000001',
    vatRegStatus: 20,
    account: '20208000900100000001',
    mfo: '09002',
    oked: '46900',
    regionId: 26,
    districtSoato: 1726294,
    address: "Toshkent sh., Chilonzor tumani, Demo ko'chasi 1 (demo)",
    accountant: 'Nazarova Gulnora Ilhomovna (demo)',
  },
  {
    tin: '302000002',
    name: 'AJ «Demo Qurilish» (demo)',
    director: 'Karimova Dilnoza Rustamovna',
    directorPinfl: '42203900234562',
    taxpayerType: 20,
    vatRegCode: '326020000002',
    vatRegStatus: 20,
    account: '20210000200200000002',
    mfo: '09003',
    oked: '41200',
    regionId: 26,
    districtSoato: 1726266,
    address: "Toshkent sh., Yunusobod tumani, Demo shoh ko'chasi 2 (demo)",
    accountant: 'Saidov Rustam Baxtiyorovich (demo)',
  },
  {
    tin: '302000003',
    name: 'XK «Demo Logistika» (demo)',
    director: 'Tursunov Bobur Olimovich',
    directorPinfl: '31012880345673',
    // A turnover-tax payer: no VAT registration.
    taxpayerType: 30,
    vatRegCode: null,
    vatRegStatus: null,
    account: '20208000500300000003',
    mfo: '09005',
    oked: '49410',
    regionId: 18,
    districtSoato: null,
    address: 'Samarqand sh., Demo logistika markazi 3 (demo)',
    accountant: 'Ergasheva Malika Anvarovna (demo)',
  },
] as const;

export const DEMO_INDIVIDUALS = [
  { pinfl: '31707920456784', name: 'Rahimov Jasur Anvarovich (demo)' },
  { pinfl: '42511950567895', name: 'Yusupova Madina Shavkatovna (demo)' },
] as const;

/** The company requisites (settings names) a demo organisation starts with. */
function demoRequisites(org: (typeof DEMO_ORGANIZATIONS)[number]) {
  const requisites: Record<string, unknown> = {
    Director: org.director,
    DirectorPinfl: org.directorPinfl,
    Accountant: org.accountant,
    Account: org.account,
    BankId: org.mfo,
    Oked: org.oked,
    Address: org.address,
    RegionId: org.regionId,
  };
  if (org.districtSoato) requisites.DistrictId = org.districtSoato;
  if (org.vatRegStatus) requisites.VatRegStatus = org.vatRegStatus;
  return requisites;
}

export async function seedDemoOrganizations(db: Db) {
  for (const org of DEMO_ORGANIZATIONS) {
    await db.query(
      `insert into organizations (tin, name, is_demo, requisites, vat_reg_code, vat_status)
       values ($1, $2, true, $3, $4, $5)
       on conflict (tin) do nothing`,
      [
        org.tin,
        org.name,
        JSON.stringify(demoRequisites(org)),
        org.vatRegCode,
        org.vatRegStatus === null ? null : String(org.vatRegStatus),
      ],
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

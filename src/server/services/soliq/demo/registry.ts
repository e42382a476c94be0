import { DEMO_INDIVIDUALS, DEMO_ORGANIZATIONS } from '../../../db/seeds/organizations';
import type {
  CompanyProduct,
  Individual,
  LotInfo,
  RentContract,
  Taxpayer,
  TaxpayerType,
  VatStatus,
} from '../types';

// DEMO tax registry: what the demo registry answers in demo mode and in tests. The demo
// organisations (db/seeds/organizations.ts) plus a small labelled set of counterparties that have no
// account here; every name ends in "(demo)", every TIN is in the organisation range, MFOs are the
// demo banks' (09001–09008). Nothing here is a real taxpayer.

const DEMO_COUNTERPARTIES: Taxpayer[] = [
  {
    tin: '305000001',
    name: 'MChJ «Demo Farm Savdo» (demo)',
    taxpayerType: 20,
    vatPayer: true,
    vatRegCode: '326050000001',
    vatRegStatus: 20,
    account: '20208000100400000011',
    mfo: '09001',
    oked: '46460',
    address: "Toshkent sh., Mirobod tumani, Demo ko'chasi 11 (demo)",
    regionId: 26,
    districtCode: 1,
    director: 'Qodirov Sherzod Bahodirovich (demo)',
    accountant: 'Usmonova Dildora Karimovna (demo)',
  },
  {
    tin: '305000002',
    name: 'AJ «Demo Sement Zavodi» (demo)',
    taxpayerType: 20,
    vatPayer: true,
    vatRegCode: '326050000002',
    vatRegStatus: 20,
    account: '20210000300500000012',
    mfo: '09004',
    oked: '23510',
    address: "Toshkent sh., Bektemir tumani, Demo sanoat ko'chasi 12 (demo)",
    regionId: 26,
    districtCode: 11,
    director: 'Rasulov Anvar Toirovich (demo)',
    accountant: 'Hamidova Sevara Olimovna (demo)',
  },
  {
    tin: '305000003',
    name: 'MChJ «Demo Agro Eksport» (demo)',
    taxpayerType: 21,
    vatPayer: true,
    vatRegCode: '326050000003',
    vatRegStatus: 21,
    account: '20208000700600000013',
    mfo: '09007',
    oked: '01130',
    address: 'Andijon viloyati, Demo qishlog‘i 13 (demo)',
    regionId: 3,
    districtCode: null,
    director: 'Jo‘rayev Ulug‘bek Shuhratovich (demo)',
    accountant: null,
  },
  {
    tin: '305000004',
    name: 'XK «Demo Tekstil» (demo)',
    taxpayerType: 30,
    vatPayer: false,
    vatRegCode: null,
    vatRegStatus: null,
    account: '20208000900700000014',
    mfo: '09002',
    oked: '13200',
    address: "Toshkent sh., Sirg'ali tumani, Demo to'qimachi ko'chasi 14 (demo)",
    regionId: 26,
    districtCode: 7,
    director: 'Nurmatova Feruza Alisherovna (demo)',
    accountant: 'Nurmatov Alisher Hasanovich (demo)',
  },
  {
    // A sole proprietor is taxed under the person's own TIN (outside the organisation range).
    tin: '505000005',
    name: 'YaTT Demo Ergashev Bahrom (demo)',
    taxpayerType: 50,
    vatPayer: false,
    vatRegCode: null,
    vatRegStatus: null,
    account: '20218000800800000015',
    mfo: '09006',
    oked: '47190',
    address: 'Toshkent sh., Olmazor tumani, Demo bozori 15 (demo)',
    regionId: 26,
    districtCode: 9,
    director: 'Ergashev Bahrom Ravshanovich (demo)',
    accountant: null,
  },
];

/** Demo people: the demo individuals of the seed plus the sole proprietor behind 505000005. */
const DEMO_PEOPLE: Individual[] = [
  ...DEMO_INDIVIDUALS.map((p) => {
    const [lastName, firstName, middleName] = p.name.replace(' (demo)', '').split(' ');
    return { pinfl: p.pinfl, tin: null, fullName: p.name, lastName, firstName, middleName };
  }),
  {
    pinfl: '30303850678901',
    tin: '505000005',
    fullName: 'Ergashev Bahrom Ravshanovich (demo)',
    lastName: 'Ergashev',
    firstName: 'Bahrom',
    middleName: 'Ravshanovich',
  },
];

function fromSeed(org: (typeof DEMO_ORGANIZATIONS)[number]): Taxpayer {
  const districts: Record<number, number> = { 1726294: 6, 1726266: 3 };
  return {
    tin: org.tin,
    name: org.name,
    taxpayerType: org.taxpayerType as TaxpayerType,
    vatPayer: org.vatRegStatus !== null,
    vatRegCode: org.vatRegCode,
    vatRegStatus: org.vatRegStatus as VatStatus | null,
    account: org.account,
    mfo: org.mfo,
    oked: org.oked,
    address: org.address,
    regionId: org.regionId,
    districtCode: org.districtSoato ? (districts[org.districtSoato] ?? null) : null,
    director: org.director,
    directorPinfl: org.directorPinfl,
    accountant: org.accountant,
  };
}

export const DEMO_TAXPAYERS: Taxpayer[] = [...DEMO_ORGANIZATIONS.map(fromSeed), ...DEMO_COUNTERPARTIES].map(
  (t) => ({ ...t, isDemo: true }),
);

export const DEMO_INDIVIDUAL_REGISTRY: Individual[] = DEMO_PEOPLE.map((p) => ({ ...p, isDemo: true }));

/** Demo turnover (sum) per demo taxpayer and year: a fixed figure derived from the TIN, labelled demo. */
export function demoTurnover(tin: string, year: number): string {
  const base = (Number(tin.slice(-3)) + 7) * 137_000_000 + (year - 2000) * 9_500_000;
  return `${base}.00`;
}

/** Products the demo organisations sell (their own product lists at the tax authority). */
export const DEMO_COMPANY_PRODUCTS: Record<string, CompanyProduct[]> = {
  '302000001': [
    {
      catalogCode: '03304020001027003',
      catalogName: 'Антисептик для рук: ARN Antiseptic, Антисептик для рук ПЭТ флакон 50 мл.',
      packageCode: '1309398',
      packageName: 'шт (флакон) 50 миллилитр',
    },
    {
      catalogCode: '00902001001031001',
      catalogName:
        'Зеленый чай развесной и упакованный всех видов (заварка) Akbar Gold китай листовой байховый 100 гр коробка',
      packageCode: '1392342',
      packageName: 'шт. (коробка) 100 грамм',
    },
  ],
  '302000003': [
    {
      catalogCode: '10112008001000001',
      catalogName: 'Транспортно-логистические услуги Оказание международных транспортных перевозок',
      packageCode: '1209782',
      packageName: 'услуга (сум)',
    },
  ],
};

/** Demo lots: prefix DEMO- so that no lot number of a real platform can match. */
export const DEMO_LOTS: LotInfo[] = [
  {
    lotId: 'DEMO-XT-000101',
    sellerTin: '302000001',
    buyerTin: '302000002',
    docType: null,
    contractNo: 'DEMO-101',
    contractDate: '2026-01-15',
    products: [
      {
        planPositionId: 'DEMO-PP-1',
        productCode: 'DEMO-P-1',
        catalogCode: '03304020001027003',
        name: 'Антисептик для рук, флакон 50 мл (demo)',
        count: '200',
        price: '15000.00',
      },
    ],
    isDemo: true,
  },
];

/**
 * The exchange operator the (demo) tax portal lists per demo company. The first two chose Didox, whose
 * API the demo's stand-in operator speaks; the third chose another operator, so its settings screen
 * shows the warning that the bound operator differs.
 */
export const DEMO_EXCHANGE_OPERATORS: Record<string, { operator: string; name: string }> = {
  '302000001': { operator: 'didox', name: 'Didox' },
  '302000002': { operator: 'didox', name: 'Didox' },
  '302000003': { operator: 'faktura', name: 'Faktura.uz' },
};

/** Demo rent contracts (the invoice's rent block), labelled demo: Demo Savdo lets premises to two tenants. */
export const DEMO_RENT_CONTRACTS: RentContract[] = [
  {
    rentId: 'DEMO-RENT-0001',
    lessorTin: '302000001',
    lesseeTin: '302000002',
    contractNo: 'DEMO-IJ-1',
    contractDate: '2026-01-05',
    from: '2026-01-01',
    to: '2026-12-31',
    address: "Toshkent sh., Demo ko'chasi 1, 2-qavat (demo)",
    isDemo: true,
  },
  {
    rentId: 'DEMO-RENT-0002',
    lessorTin: '302000001',
    lesseeTin: '302000002',
    contractNo: 'DEMO-IJ-2',
    contractDate: '2026-03-01',
    from: '2026-03-01',
    to: '2027-02-28',
    address: "Toshkent sh., Demo ko'chasi 1, ombor (demo)",
    isDemo: true,
  },
];

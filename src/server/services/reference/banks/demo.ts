import type { BankInput } from './types';

// DEMO banks: the Central Bank's directory of banks by MFO is not public in a form we may ship
// (../shared/reference/data.md §5), so a fresh install shows these, every name ending in "(demo)".
// Their MFOs 09001–09008 are outside the range real banks use in public payloads (00014–01200), so
// a demo MFO can never be mistaken for a real branch. `npm run import:banks` loads the real list.

export const DEMO_BANKS: BankInput[] = [
  {
    mfo: '09001',
    name: 'DEMO MILLIY BANK AJ BOSH OFISI (demo)',
    nameRu: 'ГОЛОВНОЙ ОФИС АО DEMO MILLIY BANK (demo)',
    address: 'Toshkent sh., Demo ko‘chasi 1 (demo)',
  },
  {
    mfo: '09002',
    name: 'DEMO MILLIY BANK AJ CHILONZOR FILIALI (demo)',
    nameRu: 'ЧИЛАНЗАРСКИЙ ФИЛИАЛ АО DEMO MILLIY BANK (demo)',
    headMfo: '09001',
    address: 'Toshkent sh., Chilonzor tumani (demo)',
  },
  {
    mfo: '09003',
    name: 'DEMO MILLIY BANK AJ YUNUSOBOD FILIALI (demo)',
    nameRu: 'ЮНУСАБАДСКИЙ ФИЛИАЛ АО DEMO MILLIY BANK (demo)',
    headMfo: '09001',
    address: 'Toshkent sh., Yunusobod tumani (demo)',
  },
  {
    mfo: '09004',
    name: 'DEMO SAVDO BANK AJ BOSH OFISI (demo)',
    nameRu: 'ГОЛОВНОЙ ОФИС АО DEMO SAVDO BANK (demo)',
    address: 'Toshkent sh., Mirobod tumani (demo)',
  },
  {
    mfo: '09005',
    name: 'DEMO SAVDO BANK AJ SAMARQAND FILIALI (demo)',
    nameRu: 'САМАРКАНДСКИЙ ФИЛИАЛ АО DEMO SAVDO BANK (demo)',
    headMfo: '09004',
    address: 'Samarqand sh. (demo)',
  },
  {
    mfo: '09006',
    name: 'DEMO AGRO BANK AJ BOSH OFISI (demo)',
    nameRu: 'ГОЛОВНОЙ ОФИС АО DEMO AGRO BANK (demo)',
    address: 'Toshkent sh., Yakkasaroy tumani (demo)',
  },
  {
    mfo: '09007',
    name: 'DEMO AGRO BANK AJ ANDIJON FILIALI (demo)',
    nameRu: 'АНДИЖАНСКИЙ ФИЛИАЛ АО DEMO AGRO BANK (demo)',
    headMfo: '09006',
    address: 'Andijon sh. (demo)',
  },
  {
    mfo: '09008',
    name: 'DEMO INVEST BANK AJ BOSH OFISI (demo)',
    nameRu: 'ГОЛОВНОЙ ОФИС АО DEMO INVEST BANK (demo)',
    address: 'Toshkent sh., Shayxontohur tumani (demo)',
    isActive: true,
  },
];

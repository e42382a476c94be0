import type { FastifyInstance } from 'fastify';
import bankCodes from './BankCodes';
import banks from './Banks';
import contractInfoWithOrg from './ContractInfoWithOrg';
import documentClassifier from './DocumentClassifier';
import factura from './Factura';
import invoiceItem from './InvoiceItem';
import localization from './Localization';
import lot from './Lot';
import orgSetting from './OrgSetting';
import pkcs from './Pkcs';
import questions from './Questions';
import regions from './Regions';
import soliq from './Soliq';

/** The reference groups (docs/reference.md), one plugin each, mounted under /api by routes/index.ts. */
export async function registerReferenceGroups(app: FastifyInstance) {
  await app.register(invoiceItem, { prefix: '/InvoiceItem' });
  await app.register(regions, { prefix: '/Regions' });
  await app.register(banks, { prefix: '/Banks' });
  await app.register(bankCodes, { prefix: '/BankCodes' });
  await app.register(documentClassifier, { prefix: '/Document' });
  await app.register(soliq, { prefix: '/Soliq' });
  await app.register(factura, { prefix: '/Factura' });
  await app.register(lot, { prefix: '/Lot' });
  await app.register(localization, { prefix: '/Localization' });
  await app.register(pkcs, { prefix: '/Pkcs' });
  await app.register(orgSetting, { prefix: '/OrgSetting' });
  await app.register(contractInfoWithOrg, { prefix: '/ContractInfoWithOrg' });
  await app.register(questions, { prefix: '/Questions' });
}

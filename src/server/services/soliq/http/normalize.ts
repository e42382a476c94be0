import {
  type CompanyLgota,
  type CompanyProduct,
  type CompanyRow,
  type ExchangeOperator,
  type Individual,
  type Lgota,
  type LotInfo,
  type RentContract,
  type Rows,
  TAXPAYER_TYPES,
  type TasnifRow,
  type Taxpayer,
  type TaxpayerType,
  TaxServiceError,
  VAT_STATUSES,
  type VatStatus,
} from '../types';

// The services' answers in our shapes. Field names are matched case-insensitively and through the
// names the tax authority's own APIs use (np1/bytin: tin, name, account, mfo, oked, status.vatRegCode,
// taxpayer.code; ns10Code/ns11Code for region and district), so an answer wrapped as {success, data}
// or given bare, in our names or in theirs, reads the same.

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The payload of `{success, data}` or the bare answer. */
export function payload(answer: unknown): unknown {
  if (isObject(answer) && 'data' in answer && ('success' in answer || Object.keys(answer).length <= 3))
    return answer.data;
  return answer;
}

function at(obj: unknown, path: string): unknown {
  let node: unknown = obj;
  for (const part of path.split('.')) {
    if (!isObject(node)) return undefined;
    const key = Object.keys(node).find((k) => k.toLowerCase() === part.toLowerCase());
    node = key === undefined ? undefined : node[key];
  }
  return node;
}

export function pick(obj: unknown, ...paths: string[]): unknown {
  for (const p of paths) {
    const v = at(obj, p);
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

export function text(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

function digits(v: unknown, length: number | [number, number]): string | null {
  const t = text(v);
  if (!t) return null;
  const [min, max] = Array.isArray(length) ? length : [length, length];
  return new RegExp(`^\\d{${min},${max}}$`).test(t) ? t : null;
}

export function int(v: unknown): number | null {
  const n = typeof v === 'number' ? v : Number(text(v));
  return Number.isInteger(n) ? n : null;
}

export function bool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return null;
}

export function list(answer: unknown): unknown[] {
  const body = payload(answer);
  if (Array.isArray(body)) return body;
  const rows = pick(body, 'rows', 'items', 'content', 'data');
  return Array.isArray(rows) ? rows : [];
}

function total(answer: unknown, fallback: number): number {
  const n = int(pick(payload(answer), 'totalCount', 'total', 'totalElements', 'count'));
  return n ?? fallback;
}

function bad(what: string): never {
  throw new TaxServiceError('badAnswer', `the answer holds no ${what}`);
}

export function toTaxpayer(answer: unknown): Taxpayer {
  const body = payload(answer);
  const tin = digits(pick(body, 'tin', 'inn', 'tinOrPinfl'), 9) ?? bad('TIN');
  const name = text(pick(body, 'name', 'fullName', 'companyName', 'shortName')) ?? bad('name');
  const code = int(pick(body, 'taxpayerType', 'taxpayer.code', 'taxpayerTypeCode'));
  const status = int(pick(body, 'vatRegStatus', 'status.vatRegStatus', 'taxpayer.code'));
  return {
    tin,
    name,
    shortName: text(pick(body, 'shortName')),
    taxpayerType:
      code !== null && (TAXPAYER_TYPES as readonly number[]).includes(code) ? (code as TaxpayerType) : null,
    vatPayer: bool(pick(body, 'vatPayer', 'status.vatPayer', 'isVatPayer')),
    vatRegCode: digits(pick(body, 'vatRegCode', 'status.vatRegCode', 'vatCode'), 12),
    vatRegStatus:
      status !== null && (VAT_STATUSES as readonly number[]).includes(status) ? (status as VatStatus) : null,
    account: digits(pick(body, 'account', 'accountNumber', 'bankAccount'), [20, 27]),
    mfo: digits(pick(body, 'mfo', 'bankId', 'bankMfo', 'bankCode'), 5),
    oked: digits(pick(body, 'oked'), 5),
    address: text(pick(body, 'address', 'fullAddress')),
    regionId: int(pick(body, 'regionId', 'ns10Code', 'region.id')),
    districtCode: int(pick(body, 'districtCode', 'ns11Code', 'district.code')),
    director: text(pick(body, 'director', 'directorName', 'director.fullName')),
    directorPinfl: digits(pick(body, 'directorPinfl', 'director.pinfl'), 14),
    accountant: text(pick(body, 'accountant', 'accountantName', 'accountant.fullName')),
  };
}

export function toIndividual(answer: unknown): Individual {
  const body = payload(answer);
  const last = text(pick(body, 'lastName', 'surName', 'surname'));
  const first = text(pick(body, 'firstName', 'name'));
  const middle = text(pick(body, 'middleName', 'patronymic'));
  const fullName =
    text(pick(body, 'fullName', 'fio')) ?? ([last, first, middle].filter(Boolean).join(' ') || bad('name'));
  return {
    pinfl: digits(pick(body, 'pinfl', 'jshshir'), 14),
    tin: digits(pick(body, 'tin', 'inn'), 9),
    fullName,
    lastName: last,
    firstName: first,
    middleName: middle,
  };
}

export function toCompanyLgotas(answer: unknown): CompanyLgota[] {
  return list(answer).map((row) => ({
    newLgotaId: text(pick(row, 'newLgotaId', 'lgotaId', 'id')) ?? bad('benefit id'),
    lgotaId: text(pick(row, 'lgotaId', 'oldLgotaId')),
    lgotaName: text(pick(row, 'lgotaName', 'name')) ?? '',
    kind: text(pick(row, 'kind', 'type')) === 'buyer' ? 'buyer' : 'seller',
    dateBegin: text(pick(row, 'dateBegin', 'beginDate'))?.slice(0, 10) ?? '',
    dateEnd: text(pick(row, 'dateEnd', 'endDate'))?.slice(0, 10) ?? null,
    active: bool(pick(row, 'active', 'isActive')) ?? true,
  }));
}

export function toLgotas(answer: unknown): Rows<Lgota> {
  const rows = list(answer).map((row) => {
    const kind = text(pick(row, 'kind', 'type'));
    return {
      id: text(pick(row, 'id', 'newLgotaId', 'lgotaId')) ?? bad('benefit id'),
      oldId: text(pick(row, 'oldId', 'oldLgotaId')),
      name: text(pick(row, 'name', 'lgotaName')) ?? '',
      kind: kind === 'withoutVat' || kind === 'zeroVat' ? kind : null,
    } satisfies Lgota;
  });
  return { rows, totalCount: total(answer, rows.length) };
}

export function toTasnif(answer: unknown): Rows<TasnifRow> {
  const rows = list(answer).map((row) => {
    const out: TasnifRow = {
      catalogCode: digits(pick(row, 'catalogCode', 'mxikCode', 'tasnifCode'), 17) ?? bad('classifier code'),
      catalogName: text(pick(row, 'catalogName', 'mxikName', 'name')) ?? '',
    };
    const lgota = text(pick(row, 'newLgotaId', 'lgotaId'));
    if (lgota) out.newLgotaId = lgota;
    const lgotaName = text(pick(row, 'lgotaName'));
    if (lgotaName) out.lgotaName = lgotaName;
    return out;
  });
  return { rows, totalCount: total(answer, rows.length) };
}

export function toCompanies(answer: unknown): Rows<CompanyRow> {
  const rows = list(answer).map((row) => ({
    tin: digits(pick(row, 'tin', 'inn'), 9) ?? bad('TIN'),
    name: text(pick(row, 'name', 'companyName')) ?? '',
    newLgotaId: text(pick(row, 'newLgotaId', 'lgotaId')) ?? '',
    lgotaName: text(pick(row, 'lgotaName')) ?? '',
    dateBegin: text(pick(row, 'dateBegin'))?.slice(0, 10) ?? null,
    dateEnd: text(pick(row, 'dateEnd'))?.slice(0, 10) ?? null,
  }));
  return { rows, totalCount: total(answer, rows.length) };
}

export function toProducts(answer: unknown): CompanyProduct[] {
  return list(answer).map((row) => ({
    catalogCode: digits(pick(row, 'catalogCode', 'mxikCode'), 17) ?? bad('classifier code'),
    catalogName: text(pick(row, 'catalogName', 'mxikName', 'name')) ?? '',
    packageCode: text(pick(row, 'packageCode')),
    packageName: text(pick(row, 'packageName')),
  }));
}

export function toLot(answer: unknown): LotInfo {
  const body = payload(answer);
  const products = pick(body, 'products', 'productList');
  return {
    lotId: text(pick(body, 'lotId', 'lot')) ?? bad('lot number'),
    sellerTin: digits(pick(body, 'sellerTin'), [9, 14]) ?? bad('seller'),
    buyerTin: digits(pick(body, 'buyerTin'), [9, 14]) ?? bad('buyer'),
    docType: text(pick(body, 'docType')),
    contractNo: text(pick(body, 'contractNo', 'contract.number')),
    contractDate: text(pick(body, 'contractDate', 'contract.date'))?.slice(0, 10) ?? null,
    products: (Array.isArray(products) ? products : []).map((p) => ({
      planPositionId: text(pick(p, 'planPositionId')) ?? '',
      productCode: text(pick(p, 'productCode')) ?? '',
      catalogCode: digits(pick(p, 'catalogCode', 'mxikCode'), 17),
      name: text(pick(p, 'name', 'productName')) ?? '',
      count: text(pick(p, 'count', 'amount', 'quantity')),
      price: text(pick(p, 'price', 'summa')),
    })),
  };
}

/** Rent contracts (getRentedContracts): a list, bare or as `{data}`/`{rows}`; our names or common aliases. */
export function toRentContracts(answer: unknown): RentContract[] {
  const body = payload(answer);
  const list = Array.isArray(body) ? body : pick(body, 'rows', 'contracts');
  return (Array.isArray(list) ? list : []).map((c) => ({
    rentId: text(pick(c, 'rentId', 'id', 'contractId')) ?? bad('rent id'),
    lessorTin: digits(pick(c, 'lessorTin', 'sellerTin'), [9, 14]) ?? bad('lessor'),
    lesseeTin: digits(pick(c, 'lesseeTin', 'buyerTin'), [9, 14]) ?? bad('lessee'),
    contractNo: text(pick(c, 'contractNo', 'number')),
    contractDate: text(pick(c, 'contractDate', 'date'))?.slice(0, 10) ?? null,
    from: text(pick(c, 'from', 'rentFrom', 'dateFrom'))?.slice(0, 10) ?? bad('rent start'),
    to: text(pick(c, 'to', 'rentTo', 'dateTo'))?.slice(0, 10) ?? bad('rent end'),
    address: text(pick(c, 'address', 'objectAddress')),
  }));
}

/** A 24-hex id from `{data: "…"}` or a bare string. */
export function toGuid(answer: unknown): string {
  const body = payload(answer);
  const id = text(typeof body === 'string' ? body : pick(body, 'guid', 'id'));
  if (!id || !/^[0-9a-fA-F]{24}$/.test(id)) bad('24-hex id');
  return id!.toLowerCase();
}

/**
 * The operator a company chose on the tax portal: `{operator|operatorName|name}` (bare or in `data`);
 * a name the catalogue knows becomes its key, any other is kept as the portal wrote it.
 */
export function toExchangeOperator(tin: string, answer: unknown): ExchangeOperator | null {
  const body = payload(answer);
  const name = text(pick(body, 'operatorName', 'operator.name', 'operator', 'name'));
  if (!name) return null;
  const id = text(pick(body, 'operatorCode', 'operator.code', 'code')) ?? name;
  return {
    tin,
    operator: id
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '')
      .replace(/uz$/, ''),
    name,
  };
}

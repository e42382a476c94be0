import type { Db } from '../../../db/client';
import { ApiError } from '../../../errors';

// ContractInfoWithOrg: the organisation's contracts with counterparties (number, date, validity,
// amount, an optional scanned copy), offered when a document asks for its contract. Scoped to the
// caller's organisation: another organisation's contract is a 404.

export type ContractType = 'sale' | 'purchase';

export interface Contract {
  id: string;
  type: ContractType;
  counterpartyTin: string;
  counterpartyName: string | null;
  contractNo: string;
  contractDate: string;
  validUntil: string | null;
  /** Exact decimal as text. */
  amount: string | null;
  currency: string | null;
  note: string | null;
  file: { name: string; type: string; size: number } | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContractInput {
  id?: string;
  version?: number;
  type: ContractType;
  counterpartyTin: string;
  counterpartyName?: string | null;
  contractNo: string;
  contractDate: string;
  validUntil?: string | null;
  amount?: string | number | null;
  currency?: string | null;
  note?: string | null;
}

export interface ContractFile {
  name: string;
  type: string;
  data: Buffer;
}

const SELECT = `select id, type, counterparty_tin as "counterpartyTin", counterparty_name as "counterpartyName",
  contract_no as "contractNo", contract_date as "contractDate", valid_until as "validUntil", amount::text as amount,
  currency, note, file_name, file_type, file_size, version, created_at as "createdAt", updated_at as "updatedAt"
  from org_contracts`;

interface Row extends Omit<Contract, 'file' | 'createdAt' | 'updatedAt'> {
  file_name: string | null;
  file_type: string | null;
  file_size: number | null;
  createdAt: unknown;
  updatedAt: unknown;
}

function shape({ file_name, file_type, file_size, ...row }: Row): Contract {
  return {
    ...row,
    currency: row.currency?.trim() ?? null,
    file: file_name
      ? { name: file_name, type: file_type ?? 'application/octet-stream', size: file_size ?? 0 }
      : null,
    createdAt: new Date(row.createdAt as string).toISOString(),
    updatedAt: new Date(row.updatedAt as string).toISOString(),
  };
}

export interface ContractListQuery {
  type?: ContractType;
  counterpartyTin?: string;
  search?: string;
  page: number;
  size: number;
}

export async function listContracts(db: Db, organizationId: string, q: ContractListQuery) {
  const params: unknown[] = [organizationId];
  const where = ['organization_id = $1'];
  if (q.type) {
    params.push(q.type);
    where.push(`type = $${params.length}`);
  }
  if (q.counterpartyTin) {
    params.push(q.counterpartyTin);
    where.push(`counterparty_tin = $${params.length}`);
  }
  if (q.search?.trim()) {
    params.push(`%${q.search.trim().toLowerCase()}%`);
    // Numbers are ASCII in practice; lower() folds them on PGlite as on PostgreSQL.
    where.push(`(lower(contract_no) like $${params.length} or counterparty_tin like $${params.length})`);
  }
  const whereSql = `where ${where.join(' and ')}`;
  const counted = await db.query<{ n: number }>(
    `select count(*)::int as n from org_contracts ${whereSql}`,
    params,
  );
  const r = await db.query<Row>(
    `${SELECT} ${whereSql} order by contract_date desc, contract_no limit ${q.size} offset ${(q.page - 1) * q.size}`,
    params,
  );
  return { rows: r.rows.map(shape), totalCount: counted.rows[0].n };
}

export async function getContract(db: Db, organizationId: string, id: string): Promise<Contract> {
  const r = await db.query<Row>(`${SELECT} where id = $1 and organization_id = $2`, [id, organizationId]);
  if (!r.rows[0]) throw new ApiError(404, 'CONTRACT_NOT_FOUND', 'reference:errors.contractNotFound');
  return shape(r.rows[0]);
}

export async function contractFile(db: Db, organizationId: string, id: string): Promise<ContractFile> {
  const r = await db.query<{
    file_name: string | null;
    file_type: string | null;
    file_data: Buffer | Uint8Array | null;
  }>('select file_name, file_type, file_data from org_contracts where id = $1 and organization_id = $2', [
    id,
    organizationId,
  ]);
  const row = r.rows[0];
  if (!row) throw new ApiError(404, 'CONTRACT_NOT_FOUND', 'reference:errors.contractNotFound');
  if (!row.file_name || !row.file_data)
    throw new ApiError(404, 'CONTRACT_FILE_NOT_FOUND', 'reference:errors.contractFileNotFound');
  return {
    name: row.file_name,
    type: row.file_type ?? 'application/octet-stream',
    data: Buffer.from(row.file_data),
  };
}

/** ContractInfoWithOrg/check: is there a contract with this counterparty under this number (and date)? */
export async function checkContract(
  db: Db,
  organizationId: string,
  q: { counterpartyTin: string; contractNo: string; contractDate?: string },
): Promise<Contract | null> {
  const params: unknown[] = [organizationId, q.counterpartyTin, q.contractNo.trim()];
  let date = '';
  if (q.contractDate) {
    params.push(q.contractDate);
    date = 'and contract_date = $4';
  }
  const r = await db.query<Row>(
    `${SELECT} where organization_id = $1 and counterparty_tin = $2 and contract_no = $3 ${date}
     order by contract_date desc limit 1`,
    params,
  );
  return r.rows[0] ? shape(r.rows[0]) : null;
}

/** Adds (no id) or changes (id + the version read; stale → 409) a contract; a file replaces the old one. */
export async function saveContract(
  db: Db,
  organizationId: string,
  userId: string,
  input: ContractInput,
  file?: ContractFile | null,
): Promise<Contract> {
  if (input.validUntil && input.validUntil < input.contractDate)
    throw new ApiError(400, 'CONTRACT_DATES', 'reference:errors.contractDates');
  const amount =
    input.amount === undefined || input.amount === null || input.amount === '' ? null : String(input.amount);
  if (amount !== null && !/^\d{1,18}(\.\d{1,2})?$/.test(amount))
    throw new ApiError(400, 'CONTRACT_AMOUNT', 'reference:errors.contractAmount');
  const values = [
    input.type,
    input.counterpartyTin,
    input.counterpartyName?.trim() || null,
    input.contractNo.trim(),
    input.contractDate,
    input.validUntil || null,
    amount,
    input.currency?.toUpperCase() || null,
    input.note?.trim() || null,
  ];
  return db.transaction(async (tx) => {
    try {
      let id = input.id;
      if (!id) {
        const r = await tx.query<{ id: string }>(
          `insert into org_contracts (organization_id, created_by, type, counterparty_tin, counterparty_name, contract_no,
             contract_date, valid_until, amount, currency, note)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11) returning id`,
          [organizationId, userId, ...values],
        );
        id = r.rows[0].id;
      } else {
        const r = await tx.query(
          `update org_contracts set type = $3, counterparty_tin = $4, counterparty_name = $5, contract_no = $6,
             contract_date = $7, valid_until = $8, amount = $9::numeric, currency = $10, note = $11,
             version = version + 1, updated_at = now()
           where id = $1 and organization_id = $2 and version = $12 returning id`,
          [id, organizationId, ...values, input.version ?? -1],
        );
        if (!r.rows.length) {
          await getContract(tx, organizationId, id); // 404 when it is not the caller's
          throw new ApiError(409, 'VERSION_CONFLICT', 'reference:errors.versionConflict');
        }
      }
      if (file) {
        await tx.query(
          'update org_contracts set file_name = $3, file_type = $4, file_size = $5, file_data = $6 where id = $1 and organization_id = $2',
          [id, organizationId, file.name, file.type, file.data.length, file.data],
        );
      }
      return getContract(tx, organizationId, id);
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw new ApiError(409, 'CONTRACT_EXISTS', 'reference:errors.contractExists', {
          number: input.contractNo,
        });
      throw err;
    }
  });
}

export async function deleteContract(db: Db, organizationId: string, id: string): Promise<void> {
  const r = await db.query('delete from org_contracts where id = $1 and organization_id = $2 returning id', [
    id,
    organizationId,
  ]);
  if (!r.rows.length) throw new ApiError(404, 'CONTRACT_NOT_FOUND', 'reference:errors.contractNotFound');
}

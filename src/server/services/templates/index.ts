import { getLifecycle, hasLifecycle, readOne, writeOne } from '../../../engine/lifecycle';
import type { AuthUser } from '../../auth';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';

// Templates (spec §7 Template group): a company's saved starting points for new documents of any
// kind. A template is a partial document — never validated as a whole, never sent; opening one
// starts a new draft that is validated like any other. Every query is scoped to the caller's
// organisation: another organisation's template is a 404.

export const TEMPLATE_NAME_MAX = 200;
/** Page sizes of every list (spec §9). */
export const TEMPLATE_PAGE_SIZES = [18, 36, 54, 72, 90] as const;

export interface TemplateRow {
  id: string;
  kind: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  createdByName: string | null;
}

export interface TemplateFull extends TemplateRow {
  content: Record<string, unknown>;
}

export interface TemplateListQuery {
  kind?: string;
  search?: string;
  page: number;
  size: number;
}

interface Row {
  id: string;
  kind: string;
  name: string;
  created_at: Date | string;
  updated_at: Date | string;
  created_by_name: string | null;
  content?: unknown;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toRow(row: Row): TemplateRow {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdByName: row.created_by_name,
  };
}

const parseContent = (value: unknown): Record<string, unknown> =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

/** LIKE pattern of a search text: its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function normalizeName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
  if (!trimmed) throw new ApiError(400, 'TEMPLATE_NAME_REQUIRED', 'workspace:errors.templateNameRequired');
  if (trimmed.length > TEMPLATE_NAME_MAX)
    throw new ApiError(400, 'TEMPLATE_NAME_TOO_LONG', 'workspace:errors.templateNameTooLong', {
      max: TEMPLATE_NAME_MAX,
    });
  return trimmed;
}

const SELECT = `select t.id, t.kind, t.name, t.created_at, t.updated_at, u.full_name as created_by_name`;
const FROM = `from templates t left join users u on u.id = t.created_by`;

export async function listTemplates(db: Db, organizationId: string, query: TemplateListQuery) {
  const where = ['t.organization_id = $1'];
  const params: unknown[] = [organizationId];
  if (query.kind) {
    params.push(query.kind);
    where.push(`t.kind = $${params.length}`);
  }
  const search = query.search?.trim();
  if (search) {
    params.push(containing(search.toLowerCase()));
    where.push(`lower(t.name) like $${params.length}`);
  }
  const filter = where.join(' and ');
  const total = await db.query<{ count: string | number }>(
    `select count(*) as count from templates t where ${filter}`,
    params,
  );
  const rows = await db.query<Row>(
    `${SELECT} ${FROM} where ${filter} order by t.updated_at desc, t.id
     limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.size, (query.page - 1) * query.size],
  );
  return { rows: rows.rows.map(toRow), totalCount: Number(total.rows[0]?.count ?? 0) };
}

export async function getTemplate(db: Db, organizationId: string, id: string): Promise<TemplateFull> {
  const result = await db.query<Row>(
    `${SELECT}, t.content ${FROM} where t.id = $1 and t.organization_id = $2`,
    [id, organizationId],
  );
  const row = result.rows[0];
  if (!row) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', 'workspace:errors.templateNotFound');
  return { ...toRow(row), content: parseContent(row.content) };
}

/**
 * What a template keeps of a document: everything but the national id — each document made from it
 * gets its own (the server fills an empty one on add).
 */
export function templateContent(kind: string, content: Record<string, unknown>): Record<string, unknown> {
  const pointer = hasLifecycle(kind) ? getLifecycle(kind).document.id : undefined;
  if (!pointer || readOne(content, pointer) === undefined) return content;
  return JSON.parse(JSON.stringify(writeOne(content, pointer, undefined)));
}

export async function createTemplate(
  db: Db,
  user: AuthUser,
  input: { kind: string; name: string; content: Record<string, unknown> },
): Promise<TemplateRow> {
  const name = normalizeName(input.name);
  const result = await db.query<{ id: string }>(
    `insert into templates (organization_id, kind, name, content, created_by)
     values ($1, $2, $3, $4::jsonb, $5) returning id`,
    [
      user.organizationId,
      input.kind,
      name,
      JSON.stringify(templateContent(input.kind, input.content)),
      user.userId,
    ],
  );
  return getTemplate(db, user.organizationId, result.rows[0].id);
}

export async function renameTemplate(db: Db, organizationId: string, id: string, name: string) {
  const result = await db.query(
    `update templates set name = $3, updated_at = now() where id = $1 and organization_id = $2`,
    [id, organizationId, normalizeName(name)],
  );
  if (!result.rowCount) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', 'workspace:errors.templateNotFound');
  return getTemplate(db, organizationId, id);
}

export async function deleteTemplate(db: Db, organizationId: string, id: string): Promise<void> {
  const result = await db.query(`delete from templates where id = $1 and organization_id = $2`, [
    id,
    organizationId,
  ]);
  if (!result.rowCount) throw new ApiError(404, 'TEMPLATE_NOT_FOUND', 'workspace:errors.templateNotFound');
}

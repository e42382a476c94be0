// Each grouped document: the parties' requisites filled, computed values computed, then the kind's
// schema, keywords and database checks (the same validateContent that Document/add runs), its errors
// mapped back to Excel rows and column names; a valid one then goes through the pre-sign checks
// (./checks.ts).
import { computeDocument, getKind } from '../../../engine';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import type { Caller } from '../documents';
import { validateContent } from '../documents/validation';
import { findOrgInfoByTin, findOwnOrgInfo, isTinOrPinfl, type OrgInfo } from '../organizations';
import type { ImportChecks } from './checks';
import { type DocumentGroup, getIn, type ImportError, type ParsedFile, setIn } from './groups';
import { type ImportTemplate, schemaAt } from './templates';

export interface CheckedGroup {
  group: DocumentGroup;
  content: Record<string, unknown> | null;
  errors: ImportError[];
  /** The pre-sign checks' warnings and notes (they do not refuse the document). */
  warnings: ImportError[];
}

export function requisitesFiller(db: Db, organizationId: string) {
  const cache = new Map<string, Promise<OrgInfo | null>>();
  const lookup = (key: string, load: () => Promise<OrgInfo | null>) => {
    if (!cache.has(key)) cache.set(key, load());
    return cache.get(key)!;
  };
  return async function fill(template: ImportTemplate, content: Record<string, unknown>) {
    const schema = getKind(template.kind).schema as Record<string, any>;
    for (const r of template.requisites) {
      const segments = r.identity.slice(1).split('/');
      let info: OrgInfo | null = null;
      if (r.own) {
        info = await lookup('own', () => findOwnOrgInfo(db, organizationId));
        if (info) setIn(content, segments, info.TinOrPinfl);
      } else {
        const identity = getIn(content, segments);
        if (isTinOrPinfl(identity)) info = await lookup(identity, () => findOrgInfoByTin(db, identity));
      }
      if (!info) continue;
      for (const copy of r.copies ?? []) setIn(content, copy.slice(1).split('/'), info.TinOrPinfl);
      if (r.block) {
        const blockSchema = schemaAt(schema, r.block);
        const allowed = new Set(Object.keys(blockSchema?.properties ?? {}));
        const blockSegments = r.block.slice(1).split('/');
        const current = (getIn(content, blockSegments) as Record<string, unknown> | null) ?? {};
        const filled: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(info))
          if (allowed.has(k) && v !== undefined && v !== null) filled[k] = v;
        setIn(content, blockSegments, { ...filled, ...current });
      }
      for (const [pointer, field] of Object.entries(r.fields ?? {})) {
        const segs = pointer.slice(1).split('/');
        const value = (info as unknown as Record<string, unknown>)[field];
        if (getIn(content, segs) === undefined && value !== undefined) setIn(content, segs, value);
      }
    }
  };
}

export async function checkGroup(
  db: Db,
  caller: Caller,
  template: ImportTemplate,
  parsed: ParsedFile,
  group: DocumentGroup,
  fill: ReturnType<typeof requisitesFiller>,
  now: Date,
  checks?: ImportChecks,
): Promise<CheckedGroup> {
  if (group.errors.length) return { group, content: null, errors: group.errors, warnings: [] };
  const content = structuredClone(group.content);
  await fill(template, content);
  let computed: Record<string, unknown>;
  let valid: Record<string, unknown>;
  try {
    computed = computeDocument(template.kind, content);
  } catch {
    computed = content; // the schema will say what is wrong
  }
  try {
    valid = await validateContent(db, caller, template.kind, computed, { now });
  } catch (err) {
    if (!(err instanceof ApiError) || !err.errors) throw err;
    return {
      group,
      content: null,
      errors: err.errors.map((e) =>
        locate(template, parsed, group, e.path, e.message, e.keyword ?? null, caller),
      ),
      warnings: [],
    };
  }
  // A valid document goes through the pre-sign checks as its send would: a block refuses it.
  const found = checks ? await checks.run(template.kind, group, valid) : [];
  const blocks = found.filter((f) => f.level === 'block');
  return {
    group,
    content: blocks.length ? null : valid,
    errors: blocks,
    warnings: found.filter((f) => f.level !== 'block'),
  };
}

/** A validation error's path → the Excel row and the column name as the file wrote it. */
function locate(
  template: ImportTemplate,
  parsed: ParsedFile,
  group: DocumentGroup,
  path: string,
  message: string,
  rule: string | null,
  caller: Caller,
): ImportError {
  const lineMatch = new RegExp(`^${escapeRegExp(template.lines)}/(\\d+)(/.*)?$`).exec(path);
  let row = group.rows[0];
  let pointer = path;
  if (lineMatch) {
    row = group.rows[Number(lineMatch[1])] ?? group.rows[0];
    pointer = `${template.lines}/*${lineMatch[2] ?? ''}`;
  }
  const column = parsed.columns.find((c) => c.column.pointer === pointer);
  let columnName = column?.header ?? null;
  if (!columnName) {
    const sub = schemaAt(getKind(template.kind).schema as Record<string, any>, pointer);
    const title =
      typeof sub?.title === 'string' && sub.title.includes(':') ? translate(caller.lang, sub.title) : null;
    columnName = title ?? (pointer || null);
  }
  return { row, column: columnName, message, rule, documentKey: group.key, path };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

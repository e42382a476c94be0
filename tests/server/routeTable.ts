// The app's routes as its OpenAPI description lists them, and plausible requests for each: tests that
// must hold for every route (rights, hostile input) enumerate them here, so a route added later is
// covered without editing the tests.
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  path: string;
  /** Path and query parameters (OpenAPI parameter objects). */
  parameters: { in: string; name: string; required?: boolean; schema?: any }[];
  /** The JSON body's schema, when the route takes one. */
  body: any;
}

export function routeTable(app: FastifyInstance): RouteEntry[] {
  const spec = app.swagger() as any;
  const routes: RouteEntry[] = [];
  for (const [path, methods] of Object.entries<any>(spec.paths)) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      routes.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return routes;
}

const ID_NAMES = /^(documentId|documentUid|docId|id|logId)$/i;

export interface SampleValues {
  /** The value of every parameter or field naming a document (documentId, id, …). */
  documentId: string;
  /** A 9-digit TIN where a pattern asks for one. */
  tin: string;
  /** Picked where an enumeration offers it (a document kind). */
  kind?: string;
  /** Every date (yyyy-MM-dd); 2026-01-01 unless given. */
  date?: string;
}

/** A plausible value of a schema (so validation passes and the route reaches its own checks). */
export function sample(schema: any, name: string, values: SampleValues): unknown {
  if (!schema) return 'x';
  if (ID_NAMES.test(name)) return values.documentId;
  if (name === 'ids') return [values.documentId];
  if (schema.enum) return values.kind && schema.enum.includes(values.kind) ? values.kind : schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined && schema.type !== 'object') return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [sample(schema.items, name.replace(/s$/, ''), values)];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries<any>(schema.properties ?? {})) {
      if (ID_NAMES.test(key) || (schema.required ?? []).includes(key)) out[key] = sample(value, key, values);
    }
    if (name === 'items' || 'signature' in out) {
      out.signature = 'MIIB'.padEnd(64, 'A');
      out.action = 'accept';
    }
    return out;
  }
  if (schema.format === 'uuid') return values.documentId;
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'))
    return values.date ?? '2026-01-01';
  if (schema.pattern?.includes('\\d{4}-(0[1-9]')) return '2026-01';
  if (schema.pattern?.includes('\\d{9}')) return values.tin;
  if (schema.pattern?.startsWith('^[a-z]')) return 'accept';
  return 'x';
}

/** A request to a route with every path and required (or document-naming) query parameter sampled. */
export function sampleRequest(
  route: RouteEntry,
  values: SampleValues,
  override: { name?: string; value?: unknown } = {},
): { url: string; payload?: object } {
  const value = (p: { name: string; schema?: any }) =>
    p.name === override.name ? override.value : sample(p.schema, p.name, values);
  const query = new URLSearchParams();
  const url = route.path.replace(/\{(\w+)\}/g, (_: string, name: string) => {
    const p = route.parameters.find((x) => x.in === 'path' && x.name === name) ?? { name };
    return encodeURIComponent(String(value(p)));
  });
  for (const p of route.parameters.filter(
    (x) => x.in === 'query' && (x.required || ID_NAMES.test(x.name) || x.name === override.name),
  ))
    query.set(p.name, String(value(p)));
  const search = [...query].length ? `?${query}` : '';
  const payload = route.body ? (sample(route.body, 'body', values) as object) : undefined;
  return { url: url + search, payload };
}

/** Whether a route names a document (a parameter or body field does). */
export function namesDocument(route: RouteEntry): boolean {
  return (
    route.parameters.some((p) => ID_NAMES.test(p.name)) ||
    /\{(documentId|id)\}/.test(route.path) ||
    Boolean(route.body && JSON.stringify(route.body).match(/"(documentId|ids)"/))
  );
}

import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { productTables } from '../../scripts/build-schemas';
import { ajvOptions, listKinds, loadPrecompiledModule, registerKeywords } from '../../src/engine';
import type { JsonSchema } from '../../src/engine/bundle';
import { loadFixtures } from './fixtures';

// The browser checks a product line on commit with the build step's precompiled line validator
// (src/web/form/validation.ts). It must say what the run-time compile of the same line schema says
// (what the browser did before, and still does for schemas that are not precompiled).
const runtime = registerKeywords(new Ajv({ ...ajvOptions, strictSchema: false, validateSchema: false }));
const compileLine = (root: JsonSchema, line: JsonSchema) => {
  const { $id: _id, ...rest } = root;
  return runtime.compile({ ...(rest.$defs ? { $defs: rest.$defs } : {}), ...line });
};

/** The lines of every table at `path` in a document (`items` = each element of an array). */
function linesAt(document: unknown, path: string[]): Record<string, unknown>[] {
  let nodes: unknown[] = [document];
  for (const key of path) {
    nodes = nodes.flatMap((node) => {
      if (node === null || typeof node !== 'object') return [];
      if (key === 'items') return Array.isArray(node) ? node : [];
      return [(node as Record<string, unknown>)[key]];
    });
  }
  return nodes.flatMap((node) => (Array.isArray(node) ? node : [])) as Record<string, unknown>[];
}

const fixtures = loadFixtures();

describe('precompiled product-line validators', () => {
  const kinds = listKinds('documents').map((definition) => ({
    definition,
    tables: productTables(definition.schema, definition.ui),
  }));

  it('exist for every product table of every document kind', async () => {
    for (const { definition, tables } of kinds) {
      expect(tables.length, definition.kind).toBeGreaterThan(0);
      const module = await loadPrecompiledModule(definition.kind);
      for (const table of tables)
        expect(module.lines[table.hash], `${definition.kind}: ${table.path}`).toBeTypeOf('function');
    }
  });

  it('agree with the run-time compile on the fixtures’ lines, valid and broken', async () => {
    let checked = 0;
    for (const { definition, tables } of kinds) {
      const module = await loadPrecompiledModule(definition.kind);
      for (const table of tables) {
        const precompiled = module.lines[table.hash];
        const compiled = compileLine(definition.schema, table.line);
        // The fixtures' lines of this table, or of the kind's tables with the same line schema (the
        // waybill's air/water goods groups have the road groups' lines and no fixture of their own).
        const valid = fixtures.filter((f) => f.kind === definition.kind && f.valid);
        const own = valid.flatMap((f) => linesAt(f.document, table.path));
        const lines = own.length
          ? own
          : tables
              .filter((other) => other.hash === table.hash)
              .flatMap((other) => valid.flatMap((f) => linesAt(f.document, other.path)));
        expect(lines.length, `${definition.kind}: ${table.path}`).toBeGreaterThan(0);
        for (const line of lines) {
          const broken = { ...line, [Object.keys(line)[0]]: { not: 'a scalar' }, Extra: 1 };
          for (const row of [line, broken]) {
            const expected = compiled(row);
            expect(precompiled(row), definition.kind).toBe(expected);
            // What the table shows of an error (validation.ts, messages.ts); schemaPath names the
            // precompiled schema's own id.
            const shown = (errors: typeof compiled.errors) =>
              (errors ?? []).map(({ instancePath, keyword, params, message }) => ({
                instancePath,
                keyword,
                params,
                message,
              }));
            expect(shown(precompiled.errors)).toEqual(shown(compiled.errors));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

// Not a test of the schema: guards the claim in validator.ts that form pages need no AJV compiler.
describe('precompiled validator modules', () => {
  it('import only the keyword checks, never AJV', () => {
    const source = readFileSync('src/engine/generated/validators/invoice.ts', 'utf8');
    expect(source).not.toMatch(/from ['"]ajv/);
    expect(source).toMatch(/from '..\/..\/keywords\/functions'/);
  });
});

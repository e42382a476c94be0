import { describe, expect, it } from 'vitest';
import { createValidator, listKinds, loadPrecompiledValidator } from '../../src/engine';
import { loadFixtures } from './fixtures';

const fixtures = loadFixtures();

describe('schema fixtures (runtime and precompiled validators agree)', () => {
  it('every document kind has at least 3 valid and 10 invalid fixtures', () => {
    for (const { kind } of listKinds('documents')) {
      const own = fixtures.filter((f) => f.kind === kind);
      expect(own.filter((f) => f.valid).length, `${kind} valid`).toBeGreaterThanOrEqual(3);
      expect(own.filter((f) => !f.valid).length, `${kind} invalid`).toBeGreaterThanOrEqual(10);
    }
  });

  it.each(fixtures.map((f) => [`${f.kind}/${f.valid ? 'valid' : 'invalid'}/${f.name}`, f] as const))(
    '%s',
    async (_, fixture) => {
      const runtime = createValidator(fixture.kind)(fixture.document, { now: fixture.now });
      const precompiled = (await loadPrecompiledValidator(fixture.kind))(fixture.document, {
        now: fixture.now,
      });
      expect(precompiled.errors).toEqual(runtime.errors);
      if (fixture.valid) {
        expect(runtime.errors).toEqual([]);
        return;
      }
      expect(fixture.expect, 'invalid fixture names keyword and instancePath').toBeDefined();
      expect(runtime.valid).toBe(false);
      expect(
        runtime.errors.map((e) => ({ keyword: e.keyword, instancePath: e.instancePath })),
      ).toContainEqual(fixture.expect);
    },
  );
});

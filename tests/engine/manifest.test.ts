import { describe, expect, it } from 'vitest';
import {
  getKind,
  type KindSummary,
  listKindSummaries,
  listKinds,
  loadKind,
  registerKind,
  summaryOf,
} from '../../src/engine';
import { kindManifest } from '../../src/engine/generated/manifest';
import { deriveUi } from '../../src/engine/ui/derive';

// The web loads one kind at a time from the manifest (src/engine/registry.ts); the server and the
// tests register every kind at once. Both must describe each kind the same way.
describe('kind manifest', () => {
  const summary = ({ kind, group, modes, titleKey, descriptionKey }: KindSummary) => ({
    kind,
    group,
    modes,
    titleKey,
    descriptionKey,
  });

  it('summarises every generated kind as the registry defines it', () => {
    for (const group of ['documents', 'settings'] as const) {
      expect(listKindSummaries(group).map((k) => k.kind)).toEqual(listKinds(group).map((k) => k.kind));
      for (const definition of listKinds(group)) {
        const entry = kindManifest.find((e) => e.kind === definition.kind);
        expect(entry, definition.kind).toBeDefined();
        const { load: _load, ...fields } = entry!;
        expect(fields).toEqual(summary(definition));
        expect(summary(summaryOf(definition.kind)!)).toEqual(summary(definition));
        expect(definition.generated).toBe(true);
      }
    }
  });

  it('loads the same schema and UI schema as the eager registry', async () => {
    for (const entry of kindManifest) {
      const loaded = await entry.load();
      expect(loaded.schema, entry.kind).toEqual(getKind(entry.kind).schema);
      // The registry's UI is the authored one with the widgets its schema implies (engine/ui/derive).
      const derived = deriveUi(loaded.schema, loaded.ui, { parties: entry.group === 'documents' });
      expect(derived, entry.kind).toEqual(getKind(entry.kind).ui);
      expect(await loadKind(entry.kind)).toBe(getKind(entry.kind));
    }
    await expect(loadKind('nope')).rejects.toThrow('Unknown form kind "nope"');
    expect(summaryOf('nope')).toBeNull();
  });

  it('marks a kind registered at run time as not precompiled', () => {
    const definition = registerKind({
      kind: 'scratchpad',
      group: 'settings',
      schema: { type: 'object', properties: { A: { type: 'string' } } },
    });
    expect(definition.generated).toBe(false);
    expect(listKindSummaries('settings').map((k) => k.kind)).toContain('scratchpad');
    expect(summaryOf('scratchpad')?.modes).toEqual(['create', 'update', 'view']);
  });
});

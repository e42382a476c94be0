import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import hubMetadata from '../../../schemas/received/hubMetadata.json';
import { detectKind, readReceived, toNationalJson } from '../../../src/engine/national';

/**
 * Issue 28 item 8: a document as the hub stores it — its metadata keys beside the document's own — was
 * answered "not an invoice": the receipt profile counted the metadata as unknown fields of the
 * document. The keys are declared as data (schemas/received/hubMetadata.json) and set aside.
 */
const repo = join(__dirname, '../../..');
const text = (path: string) => readFileSync(join(repo, path), 'utf8');
const hubStored = text('tests/engine/national/fixtures/hub-stored-invoice.json');
const stored = text('data/operator-examples/didox_stored-invoice.json');

describe('a document as the hub stores it', () => {
  it('the hub-stored invoice is read as an invoice, its metadata set aside and kept', () => {
    const view = readReceived('invoice', hubStored);
    expect(view.recognized).toBe(true);
    expect(view.match.unknown).toBe(0);
    expect(Object.keys(view.metadata)).toHaveLength(12);
    expect(view.metadata.status).toBe('sended');
    expect(view.extensions).toEqual([]);
    // The document's own part reads exactly as the published stored invoice alone.
    const alone = readReceived('invoice', stored);
    expect(view.content).toEqual(alone.content);
    expect(view.warnings).toEqual(alone.warnings);
    expect(detectKind(hubStored)?.kind).toBe('invoice');
  });

  const root = join(repo, 'schemas/documents');
  const kinds = readdirSync(root);
  const metadata = Object.fromEntries(hubMetadata.keys.map(({ key }, index) => [key, { declared: index }]));

  it.each(kinds)(
    '%s: every declared metadata key beside the document is set aside, the document read as alone',
    (kind) => {
      const dir = join(root, kind, 'fixtures/valid');
      const file = readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()[0];
      const national = JSON.parse(toNationalJson(kind, JSON.parse(readFileSync(join(dir, file), 'utf8'))));
      const alone = readReceived(kind, national);
      const beside = readReceived(kind, { ...metadata, ...national });
      expect(beside.recognized).toBe(true);
      expect(beside.content).toEqual(alone.content);
      expect(beside.extensions).toEqual(alone.extensions);
      // A key the kind declares is the document's own, never metadata.
      for (const key of Object.keys(beside.metadata))
        expect(Object.keys(national).map((name) => name.toLowerCase())).not.toContain(key.toLowerCase());
      expect(Object.keys(beside.metadata).length).toBeGreaterThan(0);
    },
  );
});

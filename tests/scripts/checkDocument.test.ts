import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocuments } from '../../scripts/check-document';
import { createDemoSignature } from '../../src/emulator';
import { createDemoPkiFixture, type DemoPkiFixture } from '../emulator/fixtures';

const EXAMPLES = 'data/operator-examples';

function run(...argv: string[]) {
  const lines: string[] = [];
  const code = checkDocuments(
    argv,
    (line) => lines.push(line),
    (line) => lines.push(line),
  );
  return { code, out: lines.join('\n') };
}

let pki: DemoPkiFixture;
let dir: string;
beforeAll(async () => {
  pki = await createDemoPkiFixture();
  dir = mkdtempSync(join(tmpdir(), 'check-document-'));
});
afterAll(() => {
  pki?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run check:document', () => {
  it('refuses an operator’s document against the form schema, and accepts it through the receipt profile', () => {
    const asIs = run('--lang', 'en', 'invoice', `${EXAMPLES}/didox_stored-invoice.json`);
    expect(asIs.code).toBe(1);
    expect(asIs.out).toMatch(/REFUSED — errors: \d+/);
    const received = run('--received', '--lang', 'en', 'invoice', `${EXAMPLES}/didox_stored-invoice.json`);
    expect(received.code).toBe(0);
    expect(received.out).toContain('ACCEPTED — errors: 0, warnings: 0, unknown fields: 0');
  });

  it('prints warnings in the chosen language, and tells the kind when asked to (auto)', () => {
    const uz = run('--received', '--lang', 'uz', 'auto', `${EXAMPLES}/didox-waybill.json`);
    expect(uz.code).toBe(0);
    expect(uz.out).toContain('«waybill» deb aniqlandi');
    expect(uz.out).toContain('ogohlantirish /ResponsiblePerson/Pinfl');
    const ru = run('--received', 'waybill', `${EXAMPLES}/didox-waybill.json`);
    expect(ru.out).toContain('предупреждение /ResponsiblePerson/Pinfl');
  });

  it('reads the signed content of a .p7s, and refuses a document of another shape', async () => {
    // A goods acceptance act of another operator (truck, shipper, consignee) is not Didox's 054.
    const goodsAct = JSON.stringify({
      actdoc: { actno: '1' },
      truckdoc: { truckregno: '' },
      shippertin: '',
      consigneetin: '',
      shippername: '',
      consigneename: '',
    });
    const der = join(dir, 'goods-act.p7s');
    writeFileSync(
      der,
      Buffer.from(await createDemoSignature(pki.dataDir, 'org-302000001', goodsAct), 'base64'),
    );
    const refused = run('--received', '--lang', 'en', 'acceptanceAct', der);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('does not have the shape of a');
    // Base64 text of a CMS whose content no kind recognizes.
    const text = join(dir, 'unknown.p7s');
    writeFileSync(
      text,
      await createDemoSignature(pki.dataDir, 'org-302000001', JSON.stringify({ version: 1 })),
    );
    expect(run('--received', '--lang', 'en', 'auto', text).out).toContain('could not be told');
  });

  it('runs the strict export check', () => {
    const text = join(dir, 'export.json');
    writeFileSync(text, JSON.stringify({ Version: 1, FacturaRentDoc: {} }, null, 2));
    const result = run('--export', '--lang', 'en', 'invoice', text);
    expect(result.code).toBe(1);
    expect(result.out).toContain('not the minified JSON');
    expect(result.out).toContain('no national (roaming) id');
  });

  it('answers 2 on bad usage', () => {
    expect(run('invoice').code).toBe(2);
    expect(run('nope', 'x.json').code).toBe(2);
    expect(run('--received', '--export', 'invoice', 'x.json').code).toBe(2);
  });
});

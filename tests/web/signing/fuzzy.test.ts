import { describe, expect, it } from 'vitest';
import type { Certificate } from '../../../src/web/signing/certificate';
import { filterCertificates } from '../../../src/web/signing/fuzzy';

const cert = (TIN: string, O: string, CN: string, PINFL = ''): Certificate => ({
  type: 'pfx',
  disk: '',
  path: '',
  name: TIN,
  alias: '',
  serialNumber: TIN,
  validFrom: new Date(),
  validTo: new Date(),
  CN,
  TIN,
  UID: '',
  PINFL,
  O,
  T: '',
});

const LIST = [
  cert('302000001', 'OOO «DEMO SAVDO» (DEMO)', 'ALIYEV AKMAL KARIMOVICH'),
  cert('302000002', 'AJ «DEMO QURILISH» (DEMO)', 'KARIMOVA DILNOZA RUSTAMOVNA'),
  cert('412000005', 'НЕ УКАЗАНО', 'SOBIROV OTABEK', '52909960789012'),
];

describe('certificate search (fuse.js, threshold 0.1)', () => {
  it('keeps everything for an empty query', () => {
    expect(filterCertificates(LIST, '  ')).toHaveLength(3);
  });

  it('finds by TIN, organisation and owner', () => {
    expect(filterCertificates(LIST, '302000002').map((c) => c.TIN)).toEqual(['302000002']);
    expect(filterCertificates(LIST, 'qurilish').map((c) => c.TIN)).toEqual(['302000002']);
    expect(filterCertificates(LIST, 'sobirov').map((c) => c.TIN)).toEqual(['412000005']);
  });

  it('is strict: a loose query finds nothing', () => {
    expect(filterCertificates(LIST, 'zzzqqq')).toEqual([]);
    expect(filterCertificates(LIST, 'qxrilixh')).toEqual([]);
  });

  it('keeps the list order for several hits', () => {
    expect(filterCertificates(LIST, 'demo').map((c) => c.TIN)).toEqual(['302000001', '302000002']);
  });
});

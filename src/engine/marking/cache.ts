import { type MarkingCodeReading, type MarkingLevel, readMarkingCode } from './structure';

/**
 * Each code of a document read once per validation: the per-code keyword (markingCode) and the
 * document-wide ones (markingCodes) share the readings through the document object itself, so the
 * memory goes with the document (nothing is kept between requests or documents). 10,000 codes per
 * invoice (bench:marking).
 */
const byDocument = new WeakMap<object, [Map<string, MarkingCodeReading>, Map<string, MarkingCodeReading>]>();

export function readCodeOf(document: unknown, code: string, level: MarkingLevel): MarkingCodeReading {
  if (!document || typeof document !== 'object') return readMarkingCode(code, level);
  let readings = byDocument.get(document);
  if (!readings) {
    readings = [new Map(), new Map()];
    byDocument.set(document, readings);
  }
  const map = readings[level === 'transport' ? 1 : 0]; // consumer and group codes read alike
  let reading = map.get(code);
  if (!reading) {
    reading = readMarkingCode(code, level);
    map.set(code, reading);
  }
  return reading;
}

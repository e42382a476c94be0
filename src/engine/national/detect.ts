import { listKinds } from '../schemas';
import { parseReceived, type ReadOptions, type ReceivedDocument, readReceived } from './receive';

/**
 * Which kind a document made elsewhere is, when the sender did not say: every document kind reads it
 * through the receipt profile, and the kind that recognizes the most of it wins — the larger share of
 * its required fields present, then more fields known, then fewer warnings (an invoice and a
 * one-sided invoice share their fields; only the one whose rules the document keeps fits). Null when
 * no kind recognizes it (a document of an unknown shape, kept and shown as its raw signed JSON).
 */
export function detectKind(received: string | unknown, options: ReadOptions = {}): ReceivedDocument | null {
  let value: unknown;
  try {
    value = typeof received === 'string' ? parseReceived(received) : received;
  } catch {
    return null;
  }
  let best: ReceivedDocument | null = null;
  for (const { kind } of listKinds('documents')) {
    const view = readReceived(kind, value, options);
    if (view.recognized && (!best || better(view, best))) best = view;
  }
  return best;
}

function better(a: ReceivedDocument, b: ReceivedDocument): boolean {
  const share = (v: ReceivedDocument) => v.match.found / Math.max(1, v.match.required);
  if (share(a) !== share(b)) return share(a) > share(b);
  if (a.match.known !== b.match.known) return a.match.known > b.match.known;
  return a.warnings.length < b.warnings.length;
}

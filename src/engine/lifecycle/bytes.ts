// The serializer alone: the national index also holds the receipt profile (AJV at run time).
import { toNationalJson } from '../national/serialize';
import { actionInfo } from './machine';
import { readOne } from './pointer';
import { getLifecycle } from './registry';
import type { DocumentParty, SignedField } from './types';

const encoder = new TextEncoder();

export interface SignContext {
  /** The document content (the draft for `send`; the signed document's content otherwise). */
  content: unknown;
  /** The document of record: the exact bytes signed on send (every action after send). */
  signedBytes?: Uint8Array | null;
  reason?: string | null;
  /** Hujjat's id of the document. */
  documentId: string;
  parties: DocumentParty[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function fieldValue(field: SignedField, context: SignContext): unknown {
  if ('pointer' in field) return readOne(context.content, field.pointer) ?? '';
  if ('party' in field) return context.parties.find((party) => party.role === field.party)?.identity ?? '';
  if ('const' in field) return field.const;
  if ('reason' in field) return context.reason ?? '';
  return context.documentId;
}

/**
 * The exact bytes a party signs to take `action` (reference/lifecycle.md §1.1): the national JSON of
 * the draft (send); the document of record again (co-signature); the document wrapped with the
 * reason, built as text so the signed bytes are never re-serialized (reject); or a small object of
 * declared fields (cancel and the waybill's steps).
 */
export function bytesToSign(kind: string, actionName: string, context: SignContext): Uint8Array {
  const action = actionInfo(kind, actionName);
  if (!action) throw new Error(`Kind "${kind}" has no action "${actionName}"`);
  const needRecord = (): Uint8Array => {
    if (!context.signedBytes) throw new Error(`Action "${actionName}" needs the signed document`);
    return context.signedBytes;
  };
  switch (action.sign.shape) {
    case 'document':
      return encoder.encode(toNationalJson(kind, context.content));
    case 'cosign':
      return needRecord();
    case 'wrap': {
      const wrapper = getLifecycle(kind).wrapper;
      return concat([
        encoder.encode(`{${JSON.stringify(wrapper)}:`),
        needRecord(),
        encoder.encode(`,"Notes":${JSON.stringify(context.reason ?? '')}}`),
      ]);
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(action.sign.fields ?? {}))
        object[name] = fieldValue(field, context);
      return encoder.encode(JSON.stringify(object));
    }
    case 'none':
      return new Uint8Array(0);
  }
}

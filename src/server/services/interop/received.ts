import { isUtf8 } from 'node:buffer';
import type * as pkijs from 'pkijs';
import {
  attachContent,
  bytesEqual,
  decodeCms,
  leanSignedData,
  parseCms,
  toBase64,
} from '../../../engine/cms';
import { ApiError } from '../../errors';

/** A document made elsewhere, as it was handed over: its CMS, and its JSON when sent beside it. */
export interface ReceivedInput {
  /** The CMS (a .p7s file's DER, its Base64, or PEM): attached, or detached when `json` is given. */
  signature: string | Uint8Array;
  /** The national JSON exactly as signed (needed with a detached CMS; checked against an attached one). */
  json?: string | null;
  /** The kind, when the sender knows it; otherwise the receipt profile tells it. */
  kind?: string | null;
}

/** The document of record: the exact signed bytes and the CMS (attached, Base64) that signs them. */
export interface ReceivedRecord {
  bytes: Uint8Array;
  text: string;
  cms: string;
  /** `cms` as DER. */
  der: Uint8Array;
  /** How many signers `cms` has. */
  signers: number;
  /** `cms` as pkijs read it, when it had to (null: read in place, or made attached here). */
  signedData: pkijs.SignedData | null;
}

/**
 * The exact bytes that were signed — the CMS's encapsulated content, never a re-serialization — and
 * the CMS carrying them (a detached one is made attached to the JSON sent beside it).
 */
export function readReceivedRecord(input: ReceivedInput): ReceivedRecord {
  let der: Uint8Array;
  let content: Uint8Array | null;
  let signedData: pkijs.SignedData | null = null;
  let signers: number;
  try {
    der = decodeCms(input.signature);
    // Read in place (its parts by offset, the certificates from the cache): pkijs's parse of every
    // signer was the larger part of a received document's CPU in the operator sync (bench:sync).
    const lean = leanSignedData(der);
    if (lean) {
      content = lean.content;
      signers = lean.signerInfos.length;
    } else {
      ({ content, signedData } = parseCms(der));
      signers = signedData.signerInfos.length;
    }
  } catch {
    throw new ApiError(400, 'NOT_SIGNED', 'interop:import.notSigned');
  }
  const json =
    typeof input.json === 'string' && input.json !== '' ? new TextEncoder().encode(input.json) : null;
  if (!content) {
    if (!json) throw new ApiError(400, 'DETACHED', 'interop:import.detached');
    der = attachContent(der, json);
    content = json;
    signedData = null;
  } else if (json && !bytesEqual(json, content)) {
    throw new ApiError(400, 'CONTENT_MISMATCH', 'interop:import.contentMismatch');
  }
  // Checked, then decoded natively: a strict TextDecoder took 0.2 ms a document (bench:sync profile).
  if (!isUtf8(content)) throw new ApiError(400, 'NOT_JSON', 'interop:import.notJson');
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return { bytes: content, text, cms: toBase64(der), der, signers, signedData };
}

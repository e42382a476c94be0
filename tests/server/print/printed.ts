// What the print route tests share: a sent and accepted invoice between demo organisations 1 and 2
// (the exact bytes signed on send kept), a draft, and reading QR codes out of PNGs.
import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { certificatesFromPem } from '../../../src/engine/cms';
import { getLifecycle, readOne, writeOne } from '../../../src/engine/lifecycle';
import {
  act,
  addDraft,
  auth,
  type ExchangeFixture,
  getModelSign,
  run,
  type SignedIn,
  signBytes,
} from '../documents/exchange';
import { type KindCase, kindCases } from '../documents/kindContent';
import type { TestContext } from '../harness';

export const HOST = 'hujjat.test';

/** The invoice between organisations 1 (seller) and 2 (buyer), without the optional agent. */
export async function invoiceCase(): Promise<KindCase> {
  const cases = await kindCases('invoice');
  return cases.find((c) => c.variant === 'minimal') ?? cases[0];
}

export interface SignedInvoice {
  id: string;
  /** The exact bytes the seller signed on send (what getModelSign gave). */
  signedBytes: Buffer;
  number: string;
}

/** Drafts made per app: each after the first gets its own number (sent twice it would be a duplicate). */
const made = new WeakMap<TestContext, number>();

export async function draftOf(ctx: TestContext, who: SignedIn, c: KindCase): Promise<string> {
  const count = (made.get(ctx) ?? 0) + 1;
  made.set(ctx, count);
  const pointer = getLifecycle(c.kind).document.number;
  const number = readOne(c.content, pointer);
  const content = count === 1 ? c.content : writeOne(c.content, pointer, `${String(number)}-${count}`);
  const res = await addDraft(ctx, who, c.kind, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** A draft sent by `seller` and, unless `accept` is false, accepted by `buyer`. */
export async function signedInvoice(
  ctx: TestContext,
  fixture: ExchangeFixture,
  seller: SignedIn,
  buyer: SignedIn,
  c: KindCase,
  accept = true,
): Promise<SignedInvoice> {
  const id = await draftOf(ctx, seller, c);
  const model = await getModelSign(ctx, seller, id, 'send');
  expect(model.statusCode, model.body).toBe(200);
  const toSign = model.json().data.toSign as string;
  const sent = await run(ctx, seller, {
    documentId: id,
    action: 'send',
    signature: await signBytes(fixture, seller.keyId, toSign),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  if (accept) {
    const accepted = await act(ctx, fixture, buyer, id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  return { id, signedBytes: Buffer.from(toSign, 'base64'), number: sent.json().data.number };
}

export const get = (
  ctx: TestContext,
  who: SignedIn | null,
  url: string,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method: 'GET', url, headers: { host: HOST, ...(who ? auth(who) : {}), ...headers } });

/** The QR codes of a PNG, decoded. */
export function pngQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** The demo PKI's root: the trust anchor an archive is checked against. */
export const demoRoot = (fixture: ExchangeFixture) =>
  certificatesFromPem(fs.readFileSync(path.join(fixture.dataDir, 'demo-pki', 'ca', 'root.pem'), 'utf8'));

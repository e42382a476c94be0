// Base64 in the engine (src/engine/cms/bytes.ts): the native coder where the platform has one and
// the portable loop elsewhere give the same bytes and refuse the same text.
import { afterEach, describe, expect, it, vi } from 'vitest';

type Bytes = typeof import('../../src/engine/cms/bytes');

const hidden: Array<[object, string, PropertyDescriptor]> = [];

/** The module loaded afresh, with `Buffer` and the native Uint8Array coder hidden when asked. */
async function load(portable: boolean): Promise<Bytes> {
  vi.resetModules();
  if (portable) {
    vi.stubGlobal('Buffer', undefined);
    for (const [owner, name] of [
      [Uint8Array.prototype, 'toBase64'],
      [Uint8Array, 'fromBase64'],
    ] as const) {
      const descriptor = Object.getOwnPropertyDescriptor(owner, name);
      if (!descriptor) continue;
      hidden.push([owner, name, descriptor]);
      delete (owner as unknown as Record<string, unknown>)[name];
    }
  }
  return import('../../src/engine/cms/bytes');
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const [owner, name, descriptor] of hidden.splice(0)) Object.defineProperty(owner, name, descriptor);
});

const ALL_BYTES = Uint8Array.from({ length: 256 * 3 + 1 }, (_, i) => (i * 7) % 256);

describe.each([
  ['native', false],
  ['portable', true],
])('base64 (%s)', (_, portable) => {
  it('round-trips every byte value and matches the standard alphabet', async () => {
    const { fromBase64, toBase64 } = await load(portable);
    expect(toBase64(new Uint8Array([0xfb, 0xff, 0x00]))).toBe('+/8A');
    expect(toBase64(new TextEncoder().encode('Hujjat'))).toBe('SHVqamF0');
    expect(toBase64(new Uint8Array([1, 2]).buffer)).toBe('AQI=');
    const text = toBase64(ALL_BYTES);
    expect(Array.from(fromBase64(text))).toEqual(Array.from(ALL_BYTES));
    // A view into a larger buffer encodes only its own bytes.
    expect(toBase64(ALL_BYTES.subarray(3, 6))).toBe(toBase64(new Uint8Array(ALL_BYTES.slice(3, 6))));
  });

  it('gives a plain array of exactly the decoded bytes (its buffer is handed to WebCrypto)', async () => {
    const { fromBase64 } = await load(portable);
    const bytes = fromBase64('AQID');
    expect(bytes.constructor).toBe(Uint8Array);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(3);
  });

  it('refuses what is not strict Base64, whitespace aside', async () => {
    const { fromBase64 } = await load(portable);
    expect(Array.from(fromBase64(' AQ\nID '))).toEqual([1, 2, 3]);
    for (const bad of ['', 'AQI', 'AQ-_', 'A===', 'AQ=D', 'AQI=AQI=', 'ÀQID'])
      expect(() => fromBase64(bad), bad).toThrow('not Base64');
  });

  it('reads strict Base64 that is not canonical (last bits set, whitespace) as before', async () => {
    const { fromBase64 } = await load(portable);
    expect(Array.from(fromBase64('AR=='))).toEqual([1]);
    expect(Array.from(fromBase64('AQI+\r\nAQI/'))).toEqual([1, 2, 62, 1, 2, 63]);
    expect(Array.from(fromBase64('AQJ='))).toEqual([1, 2]);
  });
});

describe('digestOf', () => {
  it('gives what WebCrypto gives for every name, in Node through its own hash', async () => {
    const { digestOf } = await import('../../src/engine/cms/digest');
    for (const name of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512', 'sha-256']) {
      const expected = new Uint8Array(await crypto.subtle.digest(name, ALL_BYTES));
      expect(Array.from(await digestOf(name, ALL_BYTES)), name).toEqual(Array.from(expected));
    }
    // A view hashes its own bytes only.
    const view = ALL_BYTES.subarray(5, 40);
    const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', view.slice()));
    expect(Array.from(await digestOf('SHA-256', view))).toEqual(Array.from(expected));
  });
});

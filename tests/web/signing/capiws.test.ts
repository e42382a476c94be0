import { describe, expect, it } from 'vitest';
import { CapiwsConnectionError, callCapiws } from '../../../src/web/signing/capiws';

/** A socket that fails: an error event, then (unless `closes` is false) a close with code 1006. */
function failingSocket(closes: boolean) {
  return class FailingWebSocket {
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: ((e: { code: number }) => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly url: string) {
      setTimeout(() => {
        this.onerror?.();
        if (closes) setTimeout(() => this.onclose?.({ code: 1006 }), 0);
      }, 0);
    }
    send() {}
    close() {}
  } as unknown as typeof WebSocket;
}

describe('callCapiws', () => {
  it('fails with the close code when nothing listens at the plug-in address', async () => {
    const call = callCapiws('ws://127.0.0.1:9/x', { name: 'version' }, failingSocket(true));
    await expect(call).rejects.toBeInstanceOf(CapiwsConnectionError);
    await expect(call).rejects.toMatchObject({ closeCode: 1006 });
  });

  it('fails too when only an error comes — a connection the page’s CSP refused (no close event)', async () => {
    const call = callCapiws('ws://127.0.0.1:9/x', { name: 'version' }, failingSocket(false));
    await expect(call).rejects.toBeInstanceOf(CapiwsConnectionError);
  });
});

// An endpoint failing for a day is switched off and the organisation is told (issue 30, item 3): with
// an injected clock (no waiting) — still on after 23 h 59 min of failures, off at 24 h with reason
// `failing` and a notification in ru, uz and en naming the address; a success in between starts the
// day again; switching it on again clears the failure.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { attemptDelivery } from '../../../src/server/services/webhooks/attempt';
import { bearer, director, type Session } from '../access/helpers';
import { type TestContext, withDatabases } from '../harness';

let receiver: http.Server;
let receiverUrl = '';
let answer = 500;
beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(answer).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/switch-off`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const T0 = new Date('2026-11-20T08:00:00Z');
const at = (minutes: number) => () => new Date(T0.getTime() + minutes * 60_000);

withDatabases(
  'a webhook endpoint failing for a day',
  (ctx: TestContext) => {
    let boss: Session;
    const call = (method: string, url: string, payload?: unknown, lang = 'ru') =>
      ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { ...bearer(boss), 'accept-language': lang },
        payload: payload as object,
      });
    /** A new test delivery of the endpoint: its id. */
    const testDelivery = async (endpointId: string) => {
      const sent = await call('POST', `/api/Webhook/sendTest?id=${endpointId}`);
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json().data.id as string;
    };
    const attempt = (deliveryId: string, minutes: number) =>
      attemptDelivery(ctx.db, deliveryId, { allowPrivate: true, now: at(minutes) });
    const endpointOf = async (id: string) =>
      (await call('GET', '/api/Webhook/getList')).json().data.find((e: { id: string }) => e.id === id);
    const disabledNotices = async (lang: string) =>
      (await call('GET', '/api/CabinetNotification/getList?size=100', undefined, lang))
        .json()
        .rows.filter((n: { type: string }) => n.type === 'webhookDisabled');

    beforeAll(async () => {
      boss = await director(ctx, 1);
    });

    it('stays on for 23 h 59 min of failures, is switched off at 24 h and the organisation is told', async () => {
      answer = 500;
      const added = await call('POST', '/api/Webhook/add', { url: receiverUrl, description: 'ERP' });
      expect(added.statusCode, added.body).toBe(200);
      const endpoint = added.json().data;
      const delivery = await testDelivery(endpoint.id);

      expect(await attempt(delivery, 0)).toBe('retry');
      expect(await endpointOf(endpoint.id)).toMatchObject({
        enabled: true,
        failingSince: T0.toISOString(),
        disabledReason: null,
      });
      expect(await attempt(delivery, 24 * 60 - 1)).toBe('retry');
      expect((await endpointOf(endpoint.id)).enabled).toBe(true);
      expect(await disabledNotices('en')).toEqual([]);

      expect(await attempt(delivery, 24 * 60)).toBe('failed');
      expect(await endpointOf(endpoint.id)).toMatchObject({
        enabled: false,
        disabledReason: 'failing',
        disabledAt: new Date(T0.getTime() + 24 * 3600_000).toISOString(),
      });
      const texts = {
        ru: 'Вебхук на',
        uz: 'webhook o‘chirildi',
        en: 'was switched off',
      };
      for (const [lang, words] of Object.entries(texts)) {
        const notices = await disabledNotices(lang);
        expect(notices, lang).toHaveLength(1);
        expect(notices[0].message, lang).toContain(receiverUrl);
        expect(notices[0].message, lang).toContain(words);
        expect(notices[0].read).toBe(false);
      }
      // Switched off: nothing more is sent, not even a due retry.
      expect(await attempt(delivery, 24 * 60 + 10)).toBe('skipped');

      // Switched on again by the admin: the failure is forgotten.
      const on = await call('POST', `/api/Webhook/update?id=${endpoint.id}`, { enabled: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().data).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
      await call('POST', `/api/Webhook/delete?id=${endpoint.id}`);
    });

    it('a success in between starts the day again', async () => {
      const added = await call('POST', '/api/Webhook/add', { url: `${receiverUrl}?b=1` });
      const endpoint = added.json().data;
      answer = 500;
      expect(await attempt(await testDelivery(endpoint.id), 0)).toBe('retry');
      answer = 200;
      expect(await attempt(await testDelivery(endpoint.id), 60)).toBe('delivered');
      expect((await endpointOf(endpoint.id)).failingSince).toBeNull();
      answer = 500;
      const late = await testDelivery(endpoint.id);
      expect(await attempt(late, 24 * 60)).toBe('retry');
      expect(await endpointOf(endpoint.id)).toMatchObject({
        enabled: true,
        failingSince: new Date(T0.getTime() + 24 * 3600_000).toISOString(),
      });
      expect(await attempt(late, 24 * 60 + 23 * 60)).toBe('retry');
      expect((await endpointOf(endpoint.id)).enabled).toBe(true);
    });
  },
  { config: { webhooksAllowPrivate: true } },
);

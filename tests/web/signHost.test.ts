// The browser sends DocumentSignAction run and multiRun to the sign host the server names
// (Config/client signOrigin, spec §7), and to its own host when there is none.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { multiRun } from '../../src/web/api/bulk';
import { runSignAction } from '../../src/web/api/documents';
import { resetSignOrigin, signActionPath } from '../../src/web/api/signHost';

let signOrigin: string | null = null;
const hits: string[] = [];
const server = setupServer(
  http.get('*/api/Config/client', () => HttpResponse.json({ eimzo: {}, demo: false, signOrigin })),
  http.post('*/api/DocumentSignAction/:operation', ({ request }) => {
    hits.push(request.url);
    return HttpResponse.json({ success: true, code: 1, message: 'ok', data: [] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  hits.length = 0;
  resetSignOrigin();
});
afterAll(() => server.close());

it('sends run and multiRun to the sign host the server names, keeping the page’s scheme', async () => {
  signOrigin = `${window.location.protocol}//sign.${window.location.host}`;
  expect(await signActionPath('run')).toBe(`//sign.${window.location.host}/api/DocumentSignAction/run`);
  await runSignAction({ documentId: 'd', action: 'accept', signature: 'MIIB' }, 'key-1');
  await multiRun([{ documentId: 'd', action: 'accept', signature: 'MIIB' }], 'key-2');
  expect(hits).toEqual([
    `${window.location.protocol}//sign.${window.location.host}/api/DocumentSignAction/run`,
    `${window.location.protocol}//sign.${window.location.host}/api/DocumentSignAction/multiRun`,
  ]);
});

it('keeps them on the page’s host when the server names no sign host', async () => {
  signOrigin = null;
  await runSignAction({ documentId: 'd', action: 'accept', signature: 'MIIB' }, 'key-3');
  expect(hits).toEqual([`${window.location.origin}/api/DocumentSignAction/run`]);
});

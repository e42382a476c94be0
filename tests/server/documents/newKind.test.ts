// A kind that exists only as a folder — schema.json and lifecycle.json written here, registered at run
// time — goes from draft to signed through the API: no code knows it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerKind } from '../../../src/engine';
import { type Lifecycle, registerLifecycle } from '../../../src/engine/lifecycle';
import { type TestContext, withDatabases } from '../harness';
import {
  act,
  addDraft,
  auth,
  createExchangeFixture,
  type ExchangeFixture,
  ORG1,
  ORG2,
  type SignedIn,
  signIn,
  view,
} from './exchange';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hujjat-kind-'));
fs.writeFileSync(
  path.join(folder, 'schema.json'),
  JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Handover note (test kind)',
    type: 'object',
    additionalProperties: false,
    required: ['NoteId', 'NoteDoc', 'FromTin', 'ToTin', 'Amount'],
    properties: {
      NoteId: { type: 'string', pattern: '^[0-9a-f]{24}$' },
      NoteDoc: {
        type: 'object',
        additionalProperties: false,
        required: ['No', 'Date'],
        properties: { No: { type: 'string', minLength: 1 }, Date: { type: 'string', format: 'date' } },
      },
      FromTin: { type: 'string', pattern: '^[0-9]{9}$' },
      ToTin: { type: 'string', pattern: '^[0-9]{9}$' },
      Amount: { type: 'number', minimum: 0 },
    },
  }),
);
fs.writeFileSync(
  path.join(folder, 'lifecycle.json'),
  JSON.stringify({
    typeId: 990,
    document: {
      id: '/NoteId',
      idFormat: 'objectId',
      number: '/NoteDoc/No',
      date: '/NoteDoc/Date',
      total: '/Amount',
    },
    wrapper: 'HandoverNote',
    parties: { sender: { identity: '/FromTin' }, receiver: { identity: '/ToTin' } },
    initial: 0,
    statuses: [
      { code: 0, key: 'draft', lists: { sender: 'drafts' } },
      {
        code: 1,
        key: 'waitingPartner',
        lists: { sender: 'outgoing', '*': 'incoming' },
        awaiting: ['receiver'],
        seenAs: { receiver: 2 },
      },
      { code: 2, key: 'waitingYou', view: true },
      { code: 3, key: 'signed', final: true, lists: { sender: 'outgoing', '*': 'incoming' } },
      { code: 4, key: 'rejected', final: true },
    ],
    actions: [
      { name: 'send', by: 'sender', from: [0], to: 1, sign: { shape: 'document' }, right: 'send', result: 1 },
      {
        name: 'accept',
        by: 'receiver',
        from: [1],
        to: 3,
        sign: { shape: 'cosign' },
        right: 'accept',
        result: 3,
      },
      {
        name: 'reject',
        by: 'receiver',
        from: [1],
        to: 4,
        sign: { shape: 'wrap' },
        reason: 'required',
        right: 'accept',
        result: 4,
      },
    ],
  }),
);
// Registered before the app is built (the harness builds it in beforeAll), as the build step would.
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
registerKind({ kind: 'handoverNote', schema: read('schema.json') });
registerLifecycle('handoverNote', read('lifecycle.json') as Lifecycle);

let fixture: ExchangeFixture;
beforeAll(async () => {
  fixture = await createExchangeFixture();
});
afterAll(async () => {
  await fixture?.dispose();
  fs.rmSync(folder, { recursive: true, force: true });
});

withDatabases(
  'a kind from a folder',
  (ctx: TestContext) => {
    let a: SignedIn;
    let b: SignedIn;
    beforeAll(async () => {
      a = await signIn(ctx, fixture, ORG1);
      b = await signIn(ctx, fixture, ORG2);
    });

    it('goes from draft to signed through the API', async () => {
      const note = {
        NoteId: '',
        NoteDoc: { No: 'HN-1', Date: '2026-11-20' },
        FromTin: ORG1.identity,
        ToTin: ORG2.identity,
        Amount: 1250.5,
      };
      const added = await addDraft(ctx, a, 'handoverNote', note);
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().data.id;
      expect((await act(ctx, fixture, a, id, 'send')).json()).toMatchObject({ success: true, code: 1 });
      const incoming = (await view(ctx, b, id)).json().data;
      expect(incoming).toMatchObject({
        kind: 'handoverNote',
        typeId: 990,
        viewStatus: 2,
        number: 'HN-1',
        total: '1250.50',
      });
      expect(incoming.actions.filter((x: any) => x.kind === 'sign').map((x: any) => x.name)).toEqual([
        'accept',
        'reject',
      ]);
      expect((await act(ctx, fixture, b, id, 'accept')).json()).toMatchObject({ success: true, code: 3 });
      expect((await view(ctx, a, id)).json().data.status).toBe(3);
      const types = (
        await ctx.app.inject({ method: 'GET', url: '/api/DocType/getList', headers: auth(a) })
      ).json().data;
      expect(types.map((t: any) => t.key)).toContain('handoverNote');
    });
  },
  {
    config: {
      get signing() {
        return fixture.config.signing;
      },
    },
  },
);

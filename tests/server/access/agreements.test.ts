import { beforeAll, expect, it } from 'vitest';
import invoice from '../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { requireApprovalIfConfigured } from '../../../src/server/services/access';
import { withDatabases } from '../harness';
import { bearer, director, ROLE, type Session, staffMember } from './helpers';

const draftOf = (number: string) => ({
  ...invoice,
  FacturaId: '',
  FacturaDoc: { ...invoice.FacturaDoc, FacturaNo: number },
  SellerTin: '302000001',
  BuyerTin: '302000002',
  ProductList: { ...invoice.ProductList, Tin: '302000001' },
});

withDatabases('internal approval before signing', (ctx) => {
  let boss: Session;
  let manager: Session;
  let accountant: Session;
  let viewer: Session;
  const call = (who: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
  const info = async (who: Session, documentId: string) =>
    (await call(who, 'GET', `/api/Document/getAgreementInfo?documentId=${documentId}`)).json().data;
  const newDraft = async (who: Session, number: string) => {
    const res = await call(who, 'POST', '/api/Document/add?kind=invoice', draftOf(number));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    boss = await director(ctx, 1);
    manager = await staffMember(ctx, boss, ROLE.manager, 'Manager (test)');
    accountant = await staffMember(ctx, boss, ROLE.accountant, 'Accountant (test)');
    viewer = await staffMember(ctx, boss, ROLE.viewer, 'Viewer (test)');
  }, 120_000);

  it('a manager sends a draft for approval in order; each approver decides in turn; the route is approved', async () => {
    const id = await newDraft(manager, 'AG-1');
    const created = await call(manager, 'POST', '/api/Document/createAgreement', {
      documentId: id,
      performers: [accountant.userId, boss.userId],
      mode: 'sequential',
      comment: 'Please check the prices',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.agreement).toMatchObject({ status: 'pending', mode: 'sequential', round: 1 });

    // The director is second: not their turn yet.
    const early = await call(boss, 'POST', '/api/Document/makeAcceptanceUser', {
      documentId: id,
      approve: true,
    });
    expect(early.statusCode).toBe(409);
    expect(
      (await call(boss, 'GET', `/api/Document/isAgreeAllowed?documentId=${id}`)).json().data,
    ).toMatchObject({
      allowed: true,
      asController: true,
    });
    expect(
      (await call(viewer, 'GET', `/api/Document/isAgreeAllowed?documentId=${id}`)).json().data.allowed,
    ).toBe(false);

    const first = await call(accountant, 'POST', '/api/Document/makeAcceptanceUser', {
      documentId: id,
      approve: true,
      comment: 'OK',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.agreement.status).toBe('pending');
    const again = await call(accountant, 'POST', '/api/Document/makeAcceptanceUser', {
      documentId: id,
      approve: true,
    });
    expect(again.statusCode).toBe(409);

    const second = await call(boss, 'POST', '/api/Document/makeAcceptanceUser', {
      documentId: id,
      approve: true,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ agreed: true, agreement: { status: 'approved' } });
    expect(
      (await call(viewer, 'GET', `/api/Document/isDocumentAgreed?documentId=${id}`)).json().data,
    ).toMatchObject({
      agreed: true,
      status: 'approved',
    });
    const performers = (
      await call(manager, 'GET', `/api/Document/getAgreePerformers?documentId=${id}`)
    ).json().data.rows;
    expect(
      performers.map((p: { decision: string; comment: string | null }) => [p.decision, p.comment]),
    ).toEqual([
      ['approved', 'OK'],
      ['approved', null],
    ]);
  });

  it('declining needs a comment and ends the route; resending starts a new round for the current content', async () => {
    const id = await newDraft(manager, 'AG-2');
    await call(manager, 'POST', '/api/Document/createAgreement', {
      documentId: id,
      performers: [accountant.userId],
      mode: 'parallel',
    });
    const bare = await call(accountant, 'POST', '/api/Document/makeAcceptanceUser', {
      documentId: id,
      approve: false,
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('COMMENT_REQUIRED');
    const declined = await call(accountant, 'POST', '/api/Document/makeAcceptanceUser', {
      documentId: id,
      approve: false,
      comment: 'Wrong VAT rate',
    });
    expect(declined.json().data.agreement.status).toBe('declined');
    expect(declined.json().data.agreed).toBe(false);

    const resent = await call(manager, 'POST', '/api/Document/resendForAgree', {
      documentId: id,
      comment: 'Fixed the rate',
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.agreement).toMatchObject({ status: 'pending', round: 2 });
    expect(resent.json().data.performers[0].decision).toBe('pending');

    const history = (await call(boss, 'GET', `/api/Document/getAgreeHistory?documentId=${id}`)).json().data
      .rows;
    expect(history.map((e: { action: string; round: number }) => `${e.round}:${e.action}`)).toEqual([
      '1:created',
      '1:declined',
      '2:resent',
    ]);
    expect(history[1]).toMatchObject({ actorName: 'Accountant (test)', comment: 'Wrong VAT rate' });
  });

  it('an edit after approval makes the approval stale', async () => {
    const id = await newDraft(manager, 'AG-3');
    await call(manager, 'POST', '/api/Document/createAgreement', {
      documentId: id,
      performers: [accountant.userId],
    });
    await call(accountant, 'POST', '/api/Document/makeAcceptanceUser', { documentId: id, approve: true });
    expect((await info(manager, id)).agreed).toBe(true);
    const modelRes = await call(manager, 'GET', `/api/Document/GetUpdateModel?documentId=${id}`);
    expect(modelRes.statusCode, modelRes.body.slice(0, 300)).toBe(200);
    const model = modelRes.json().data;
    const content = { ...model.content, FacturaDoc: { ...model.content.FacturaDoc, FacturaNo: 'AG-3b' } };
    const edited = await call(
      manager,
      'PUT',
      `/api/Document/update?documentId=${id}&version=${model.version}`,
      content,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await info(manager, id);
    expect(after).toMatchObject({ agreed: false, agreement: { status: 'approved', stale: true } });
    expect(after.can.resend).toBe(true);
    // A performer cannot approve content they have not seen.
    const late = await call(accountant, 'POST', '/api/Document/makeAcceptanceUser', {
      documentId: id,
      approve: true,
    });
    expect(late.statusCode).toBe(409);
  });

  it('a controller decides for the whole route; a viewer can neither start one nor decide', async () => {
    const id = await newDraft(manager, 'AG-4');
    const refused = await call(viewer, 'POST', '/api/Document/createAgreement', {
      documentId: id,
      performers: [accountant.userId],
    });
    expect(refused.statusCode).toBe(403);
    await call(manager, 'POST', '/api/Document/createAgreement', {
      documentId: id,
      performers: [accountant.userId, viewer.userId],
    });
    const notController = await call(accountant, 'POST', '/api/Document/makeAcceptanceController', {
      documentId: id,
      approve: true,
    });
    expect(notController.statusCode).toBe(403);
    const decided = await call(boss, 'POST', '/api/Document/makeAcceptanceController', {
      documentId: id,
      approve: true,
    });
    expect(decided.json().data).toMatchObject({ agreed: true, agreement: { status: 'approved' } });
    const removed = await call(manager, 'GET', `/api/Document/deleteAgreement?documentId=${id}`);
    expect(removed.json().data.agreement).toBeNull();
    const history = (await call(boss, 'GET', `/api/Document/getAgreeHistory?documentId=${id}`)).json().data
      .rows;
    expect(history.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'controllerApproved',
      'deleted',
    ]);
  });

  it('a kind marked for approval cannot be sent before its route is approved for the current content', async () => {
    const id = await newDraft(manager, 'AG-5');
    const user = {
      userId: manager.userId,
      organizationId: boss.organizationId,
      tin: '302000001',
      role: 'staff',
    } as never;
    await expect(requireApprovalIfConfigured(ctx.db, user, id, 'invoice')).resolves.toBeUndefined();
    const set = await call(boss, 'POST', '/api/DocumentAccess/changeApprovalSettings', {
      kinds: ['invoice'],
    });
    expect(set.json().data.kinds).toEqual(['invoice']);
    await expect(requireApprovalIfConfigured(ctx.db, user, id, 'invoice')).rejects.toMatchObject({
      statusCode: 409,
      code: 'APPROVAL_REQUIRED',
    });
    expect((await info(manager, id)).required).toBe(true);
    await call(manager, 'POST', '/api/Document/createAgreement', {
      documentId: id,
      performers: [accountant.userId],
    });
    await expect(requireApprovalIfConfigured(ctx.db, user, id, 'invoice')).rejects.toMatchObject({
      code: 'APPROVAL_REQUIRED',
    });
    await call(accountant, 'POST', '/api/Document/makeAcceptanceUser', { documentId: id, approve: true });
    await expect(requireApprovalIfConfigured(ctx.db, user, id, 'invoice')).resolves.toBeUndefined();
    // Other kinds are not affected.
    const unknownKind = await call(boss, 'POST', '/api/DocumentAccess/changeApprovalSettings', {
      kinds: ['spaceship'],
    });
    expect(unknownKind.statusCode).toBe(400);
    await call(boss, 'POST', '/api/DocumentAccess/changeApprovalSettings', { kinds: [] });
  });
});

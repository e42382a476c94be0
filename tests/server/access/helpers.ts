// What the access and settings API tests share: password sign-in of the demo directors, adding staff
// through the API and signing in as them.
import { expect } from 'vitest';
import { BUILT_IN_ROLE_IDS } from '../../../src/server/services/access/builtInRoles';
import type { TestContext } from '../harness';

export const DEMO_PASSWORD = 'Demo#2026';
export const STAFF_PASSWORD = 'Xodim#2026';
export const ROLE = BUILT_IN_ROLE_IDS;

export interface Session {
  token: string;
  userId: string;
  organizationId: string;
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

export async function login(ctx: TestContext, phone: string, password: string): Promise<Session> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/Auth/Login', payload: { phone, password } });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { token: data.accessToken, userId: data.userId, organizationId: data.organizationId };
}

/** The director of demo organisation 1, 2 or 3 (302000001…3). */
export const director = (ctx: TestContext, n: 1 | 2 | 3 = 1) => login(ctx, `99890100000${n}`, DEMO_PASSWORD);

let serial = 0;
/** A fresh PINFL and phone per call (tests in one file never collide). */
export function newPerson(prefix = '5') {
  serial += 1;
  const n = String(Date.now() % 1_000_000).padStart(6, '0') + String(serial).padStart(3, '0');
  return { pinfl: `${prefix}${n}`.padEnd(14, '7').slice(0, 14), phone: `99893${n.slice(-7)}` };
}

export async function addStaff(
  ctx: TestContext,
  by: Session,
  body: {
    roleId: string;
    FullName?: string;
    Pinfl?: string;
    Phone?: string;
    Password?: string;
    [key: string]: unknown;
  },
) {
  return ctx.app.inject({ method: 'POST', url: '/api/Auth/addUser', headers: bearer(by), payload: body });
}

/** Adds a staff member with a password and signs in as them. */
export async function staffMember(ctx: TestContext, by: Session, roleId: string, name = 'Xodim (demo)') {
  const person = newPerson();
  const res = await addStaff(ctx, by, {
    FullName: name,
    Pinfl: person.pinfl,
    Phone: `+${person.phone}`,
    Password: STAFF_PASSWORD,
    roleId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = await login(ctx, person.phone, STAFF_PASSWORD);
  expect(session.organizationId).toBe(by.organizationId);
  return { ...session, pinfl: person.pinfl, phone: person.phone };
}

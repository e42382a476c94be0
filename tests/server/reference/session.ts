// Sign-in of the demo directors for the reference API tests.
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/db/seeds/users';
import type { TestContext } from '../harness';

export type Headers = Record<string, string>;

/** Bearer headers of the director of demo organisation 1, 2 or 3 (302000001…3). */
export async function directorOf(ctx: TestContext, n: 1 | 2 | 3 = 1): Promise<Headers> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/Auth/Login',
    payload: { phone: `99890100000${n}`, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().data.accessToken}` };
}

export const get = (ctx: TestContext, url: string, headers: Headers, lang = 'ru') =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': lang } });

// Incoming documents and status changes from the operator (issue 28 item 5): the changes held for
// want of rights first, then the company's list of changes from its cursor (pages.ts), one change at
// a time stored or reconciled by take.ts; each run recorded for GetLastProcess.

import type { Caller } from '../../documents/types';
import type { InteropContext } from '../../interop';
import { type OperatorChange, OperatorError } from '../providers';
import { takePages } from './pages';
import type { OperatorLink } from './session';
import { takeChange } from './take';
import { cursorOf, finishRun, setTransport, startRun } from './transport';

export interface PullOutcome {
  pulled: number;
  held: number;
  pages: number;
}

/** One pull: held changes first, then the list from the cursor until it is read out. */
export async function pullChanges(
  ctx: InteropContext,
  link: OperatorLink,
  caller: Caller,
  signal?: AbortSignal,
): Promise<PullOutcome> {
  const run = await startRun(ctx.db, link.organizationId, link.provider.name, 'pull');
  const outcome: PullOutcome = { pulled: 0, held: 0, pages: 0 };
  try {
    const { rows: held } = await ctx.db.query<{
      id: string;
      operator_id: string;
      kind: string;
      direction: string;
      operator_status: number;
      roaming_id: string | null;
    }>(
      `select id, operator_id, kind, direction, operator_status, roaming_id from operator_documents
        where organization_id = $1 and provider = $2 and transport_state = 'held'`,
      [link.organizationId, link.provider.name],
    );
    for (const h of held) {
      const change: OperatorChange = {
        operatorId: h.operator_id,
        roamingId: h.roaming_id,
        kind: h.kind,
        operatorType: '',
        status: h.operator_status,
        outgoing: h.direction === 'out',
        updated: '',
      };
      if (await takeChange(ctx, link, caller, change)) outcome.pulled++;
    }
    const cursor = await cursorOf(ctx.db, link.organizationId, link.provider.name);
    await takePages(ctx, link, caller, cursor, {
      signal,
      onPage: (page) => {
        outcome.pages++;
        outcome.pulled += page.taken;
      },
    });
    const { rows } = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from operator_documents where organization_id = $1 and transport_state = 'held'`,
      [link.organizationId],
    );
    outcome.held = rows[0]?.n ?? 0;
    await finishRun(ctx.db, run, { pulled: outcome.pulled, failed: outcome.held });
    return outcome;
  } catch (err) {
    const code = err instanceof OperatorError ? err.kind : 'ERROR';
    await finishRun(
      ctx.db,
      run,
      { pulled: outcome.pulled },
      { code, message: (err as Error).message.slice(0, 500) },
    );
    throw err;
  }
}

export { setTransport };

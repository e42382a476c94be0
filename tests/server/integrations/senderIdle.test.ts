// An idle sender sleeps until the next due delivery: with none pending there is no due time at all
// (greatest(0, NULL) answered 0 and made an idle sender claim every 50 ms).
import { expect, it } from 'vitest';
import { nextDueIn } from '../../../src/server/services/webhooks/sender';
import { withDatabases } from '../harness';

withDatabases(
  'webhook sender idle',
  (ctx) => {
    it('has no next due time when no delivery is pending', async () => {
      expect(await nextDueIn(ctx.db, [])).toBeNull();
    });
  },
  { seed: false },
);

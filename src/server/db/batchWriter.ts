// Group commit for many small writers (the operator sync's documents, issue 28): writes that arrive
// while one is running go together in the next, as one statement (combineGroups). PostgreSQL then
// runs the statement-level triggers, takes the commit-ordered locks and flushes the commit once per
// batch instead of once per document. Nothing waits for a batch to fill: an idle writer writes at once.
import type { Db } from './client';
import { combineGroups, combineStatements, type Statement } from './combine';

export interface BatchWriter {
  /** Writes the statements atomically (with others' or alone); resolves once committed. */
  write(statements: Statement[]): Promise<void>;
}

interface Waiting {
  statements: Statement[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

export function createBatchWriter(db: Db, options: { maxGroups: number; maxInFlight: number }): BatchWriter {
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  const writeAlone = async (item: Waiting) => {
    const combined = combineStatements(item.statements);
    // Prepared: a handful of texts, each parsed and planned once per connection.
    await db.query(combined.sql, combined.params, { prepare: true });
  };

  const run = async (batch: Waiting[]) => {
    if (batch.length > 1) {
      const combined = combineGroups(batch.map((item) => item.statements));
      try {
        // Unnamed: its text varies with the batch's size and shapes.
        await db.query(combined.sql, combined.params);
        for (const item of batch) item.resolve();
        return;
      } catch {
        // Nothing of the batch was written (one statement): each alone, with its own outcome.
      }
    }
    for (const item of batch) await writeAlone(item).then(item.resolve, item.reject);
  };

  const pump = () => {
    scheduled = false;
    while (waiting.length && inFlight < options.maxInFlight) {
      inFlight++;
      void run(waiting.splice(0, options.maxGroups)).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  return {
    write(statements) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ statements, resolve, reject });
        // The writes of this turn of the event loop join the same batch.
        if (!scheduled) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
  };
}

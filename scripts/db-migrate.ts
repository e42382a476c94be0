import { withConfiguredDatabase } from '../src/server/db/withConfiguredDatabase';
import { exitOnStartupError } from '../src/server/main';

// Applies pending migrations, each in its own transaction; applied ones are skipped.
withConfiguredDatabase(async (_db, applied) => {
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
}).catch(exitOnStartupError);

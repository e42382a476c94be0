import { seedDemo } from '../src/server/db/seeds';
import { withConfiguredDatabase } from '../src/server/db/withConfiguredDatabase';
import { exitOnStartupError } from '../src/server/main';

// Loads the labelled demo data (after pending migrations); safe to run again.
withConfiguredDatabase(async (db) => {
  const done = await seedDemo(db);
  console.log(`demo data loaded: ${done.join(', ')}`);
}).catch(exitOnStartupError);

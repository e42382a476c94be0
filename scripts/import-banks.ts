import { exitOnStartupError } from '../src/server/main';
import { runReferenceImport } from '../src/server/services/reference/import/cli';

// npm run import:banks -- <file.csv|file.xlsx|file.json> [--replace]  (columns: docs/reference.md)
runReferenceImport('banks', process.argv.slice(2)).then((code) => process.exit(code), exitOnStartupError);

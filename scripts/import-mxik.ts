import { exitOnStartupError } from '../src/server/main';
import { runReferenceImport } from '../src/server/services/reference/import/cli';

// npm run import:mxik -- <file.csv|file.xlsx|file.json> [--replace]   (columns: docs/reference.md)
runReferenceImport('mxik', process.argv.slice(2)).then((code) => process.exit(code), exitOnStartupError);

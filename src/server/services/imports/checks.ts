// The pre-sign checks (issue 29, docs/checks.md) on each imported document, as on its send: a
// tripped block refuses the import like any error; a warning or a note is reported beside the
// document's first row without refusing it. What could not be checked (the tax authority slow or
// absent) is said once per rule for the whole file — never read as "passed"; after the first
// look-up that did not answer, the rest of the file does not wait for the service again.
import type { Db } from '../../db/client';
import { translate } from '../../i18n';
import { runChecks } from '../checks';
import type { Caller } from '../documents';
import type { TaxAuthority } from '../soliq/types';
import type { DocumentGroup, ImportError } from './groups';

/** The moment the rules are evaluated at: an imported draft is ready to be sent. */
export const IMPORT_CHECK_MOMENT = 'send';

export class ImportChecks {
  private slow = false;
  private readonly notChecked = new Map<string, { title: string; documents: number }>();

  constructor(
    private readonly db: Db,
    private readonly authority: TaxAuthority,
    private readonly caller: Caller,
    private readonly now: Date,
  ) {}

  /** The checks' findings on one document: blocks (refusing) and warnings and notes. */
  async run(kind: string, group: DocumentGroup, content: unknown): Promise<ImportError[]> {
    const { checks } = await runChecks({
      db: this.db,
      authority: this.authority,
      caller: this.caller,
      kind,
      content,
      moment: IMPORT_CHECK_MOMENT,
      now: this.now,
      ...(this.slow ? { deadlineMs: 1 } : {}),
    });
    const found: ImportError[] = [];
    for (const check of checks) {
      if (check.outcome === 'notChecked') {
        const seen = this.notChecked.get(check.id) ?? { title: check.title, documents: 0 };
        seen.documents++;
        this.notChecked.set(check.id, seen);
        if (check.reads.includes('taxAuthority')) this.slow = true;
        continue;
      }
      if (check.outcome !== 'tripped') continue;
      found.push({
        row: group.rows[0] ?? null,
        column: null,
        message: `${check.title}: ${check.reason} ${check.action}`,
        rule: `check:${check.id}`,
        documentKey: group.key,
        path: null,
        level: check.level,
      });
    }
    return found;
  }

  /** One note per rule that could not be checked, with how many documents it concerned. */
  summary(): ImportError[] {
    return [...this.notChecked.entries()].map(([id, { title, documents }]) => ({
      row: null,
      column: null,
      message: translate(this.caller.lang, 'bulk:import.notChecked', { title, count: documents }),
      rule: `check:${id}`,
      documentKey: null,
      path: null,
      level: 'inform' as const,
    }));
  }
}

// The operator administrator's billing tool (docs/billing.md): tariffs, where organisations pay to,
// top-ups received, and the monthly fee by hand (the server's scheduled job charges it on the 1st).
//
//   npm run billing -- tariff <code> <monthlyFee> --name "Standard" [--default]
//   npm run billing -- assign <tin|pinfl> <tariffCode|default>
//   npm run billing -- payee --name "…" --tin 123456789 --account 2020… --mfo 00440 --bank "…"
//   npm run billing -- topup <tin|pinfl> <amount> [--reference "p/o 15"] [--note "…"] [--by "Name"]
//   npm run billing -- charge [yyyy-MM]
//   npm run billing -- show <tin|pinfl>
import { parseArgs } from 'node:util';
import { withConfiguredDatabase } from '../src/server/db/withConfiguredDatabase';
import { ApiError } from '../src/server/errors';
import { translate } from '../src/server/i18n';
import {
  assignTariff,
  billingSummary,
  recordTopUp,
  savePayee,
  saveTariff,
} from '../src/server/services/billing/account';
import { chargeMonthlyFees, periodOf } from '../src/server/services/billing/fees';
import { ledgerPage } from '../src/server/services/billing/ledger';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    default: { type: 'boolean' },
    tin: { type: 'string' },
    account: { type: 'string' },
    mfo: { type: 'string' },
    bank: { type: 'string' },
    reference: { type: 'string' },
    note: { type: 'string' },
    by: { type: 'string' },
  },
});
const [command, ...args] = positionals;

function usage(): never {
  console.error(
    'usage: billing tariff <code> <fee> --name N [--default] | assign <tin> <code|default> | payee --name --tin --account --mfo --bank | topup <tin> <amount> [--reference R] [--note N] [--by B] | charge [yyyy-MM] | show <tin>',
  );
  process.exit(2);
}

withConfiguredDatabase(async (db) => {
  switch (command) {
    case 'tariff': {
      const [code, fee] = args;
      if (!code || !fee || !values.name) usage();
      await saveTariff(db, { code, name: values.name, monthlyFee: fee, isDefault: values.default });
      console.log(`tariff ${code}: ${fee} a month${values.default ? ' (default)' : ''}`);
      return;
    }
    case 'assign': {
      const [identity, code] = args;
      if (!identity || !code) usage();
      await assignTariff(db, identity, code === 'default' ? null : code);
      console.log(`${identity}: tariff ${code}`);
      return;
    }
    case 'payee': {
      const { name, tin, account, mfo, bank } = values;
      if (!name || !tin || !account || !mfo || !bank) usage();
      await savePayee(db, { name, tin, account, mfo, bankName: bank });
      console.log(`payee: ${name}, ${account} (MFO ${mfo})`);
      return;
    }
    case 'topup': {
      const [identity, amount] = args;
      if (!identity || !amount) usage();
      const entry = await recordTopUp(db, {
        identity,
        amount,
        reference: values.reference,
        note: values.note,
        recordedBy: values.by ?? process.env.USER ?? 'administrator',
      });
      console.log(`${identity}: +${entry.amount}, balance ${entry.balanceAfter}`);
      return;
    }
    case 'charge': {
      const period = args[0] ?? periodOf(new Date());
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) usage();
      const run = await chargeMonthlyFees(db, period);
      console.log(`${period}: ${run.charged} organisations charged, ${run.total} in all`);
      return;
    }
    case 'show': {
      const [identity] = args;
      if (!identity) usage();
      const { rows } = await db.query<{ id: string }>(
        'select id from organizations where tin = $1 or pinfl = $1',
        [identity],
      );
      if (!rows[0]) throw new ApiError(404, 'NOT_FOUND', 'access:errors.organizationNotFound');
      const summary = await billingSummary(db, rows[0].id);
      console.log(
        `tariff: ${summary.tariff ? `${summary.tariff.name} (${summary.tariff.monthlyFee})` : 'none'}`,
      );
      console.log(`balance: ${summary.balance}`);
      for (const entry of (await ledgerPage(db, rows[0].id, { pageSize: 20 })).rows) {
        console.log(
          `${entry.at}\t${entry.entry}\t${entry.amount}\t${entry.balanceAfter}\t${entry.period ?? entry.reference ?? ''}`,
        );
      }
      return;
    }
    default:
      usage();
  }
}).catch((error) => {
  const message =
    error instanceof ApiError ? translate('en', error.messageKey, error.params) : (error as Error).message;
  console.error(`billing: ${message}`);
  process.exit(1);
});

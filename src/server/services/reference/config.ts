import { loadTaxAuthorityConfig, type TaxAuthorityConfig, TaxConfigError } from '../soliq/config';

// Configuration of the reference area (README "Configuration", docs/reference.md):
//
//   REFERENCE_ADMIN_TINS  TINs of the organisations whose owners and admins may edit the banks
//                         directory (BankCodes) and read the help questions; demo: the first demo company
//   PAYMENT_RECIPIENT_NAME, PAYMENT_RECIPIENT_TIN, PAYMENT_ACCOUNT, PAYMENT_MFO
//                         where subscribers pay the service's fee (Banks/paymentInfo); demo: a demo recipient
//   SOLIQ_*, FACTURA_*, TAX_*  the tax authority's services (services/soliq/config.ts)

export interface PaymentRecipient {
  name: string;
  tin: string;
  account: string;
  mfo: string;
  isDemo: boolean;
}

export interface ReferenceConfig {
  taxAuthority: TaxAuthorityConfig;
  adminTins: string[];
  payment: PaymentRecipient | null;
}

export class ReferenceConfigError extends Error {
  override name = 'ReferenceConfigError';
}

/** DEMO ONLY: the demo service operator's payment requisites (a demo bank's MFO, "(demo)" name). */
export const DEMO_PAYMENT_RECIPIENT: PaymentRecipient = {
  name: 'MChJ «Hujjat Demo Operator» (demo)',
  tin: '309999999',
  account: '20208000900900000099',
  mfo: '09001',
  isDemo: true,
};

function payment(env: NodeJS.ProcessEnv, demo: boolean): PaymentRecipient | null {
  const values = {
    name: env.PAYMENT_RECIPIENT_NAME?.trim(),
    tin: env.PAYMENT_RECIPIENT_TIN?.trim(),
    account: env.PAYMENT_ACCOUNT?.trim(),
    mfo: env.PAYMENT_MFO?.trim(),
  };
  const given = Object.values(values).filter(Boolean).length;
  if (given === 0) return demo ? DEMO_PAYMENT_RECIPIENT : null;
  if (given < 4) {
    throw new ReferenceConfigError(
      'PAYMENT_RECIPIENT_NAME, PAYMENT_RECIPIENT_TIN, PAYMENT_ACCOUNT and PAYMENT_MFO go together',
    );
  }
  if (!/^\d{9}$/.test(values.tin!)) throw new ReferenceConfigError('PAYMENT_RECIPIENT_TIN must be 9 digits');
  if (!/^(\d{20}|\d{27})$/.test(values.account!))
    throw new ReferenceConfigError('PAYMENT_ACCOUNT must be 20 or 27 digits');
  if (!/^\d{5}$/.test(values.mfo!)) throw new ReferenceConfigError('PAYMENT_MFO must be 5 digits');
  return { name: values.name!, tin: values.tin!, account: values.account!, mfo: values.mfo!, isDemo: false };
}

function adminTins(raw: string | undefined, demo: boolean): string[] {
  if (raw === undefined || raw.trim() === '') return demo ? ['302000001'] : [];
  const tins = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = tins.find((t) => !/^\d{9}$/.test(t));
  if (bad)
    throw new ReferenceConfigError(
      `REFERENCE_ADMIN_TINS must list 9-digit TINs separated by commas, got "${bad}"`,
    );
  return tins;
}

export function loadReferenceConfig(env: NodeJS.ProcessEnv, options: { demo: boolean }): ReferenceConfig {
  try {
    return {
      taxAuthority: loadTaxAuthorityConfig(env, options),
      adminTins: adminTins(env.REFERENCE_ADMIN_TINS, options.demo),
      payment: payment(env, options.demo),
    };
  } catch (err) {
    if (err instanceof TaxConfigError) throw new ReferenceConfigError(err.message);
    throw err;
  }
}

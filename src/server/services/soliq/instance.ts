import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { ApiError } from '../../errors';
import { referenceConfigOf } from '../reference/configOf';
import type { TaxAuthorityConfig } from './config';
import { DemoTaxAuthority } from './demo/demoAuthority';
import { HttpTaxAuthority } from './http/httpAuthority';
import { type TaxAuthority, TaxServiceError } from './types';

// One adapter per application (its answer cache is shared by every group that asks: Soliq, Factura,
// Lot, DocumentOrganization), chosen by configuration.

class UnconfiguredTaxAuthority implements TaxAuthority {
  readonly kind = 'unconfigured' as const;
  private fail(): never {
    throw new TaxServiceError('unconfigured', 'SOLIQ_API_URL is not set');
  }
  taxpayer = async () => this.fail();
  individual = async () => this.fail();
  companyLgotas = async () => this.fail();
  lgotaList = async () => this.fail();
  turnover = async () => this.fail();
  productsOfCompany = async () => this.fail();
  tasnif = async () => this.fail();
  companies = async () => this.fail();
  lot = async () => this.fail();
  guid = async () => this.fail();
  exchangeOperator = async () => this.fail();
  vatStatusOn = async () => this.fail();
  riskStatus = async () => this.fail();
  nonConformity = async () => this.fail();
  searchTaxpayers = async () => this.fail();
  rentContracts = async () => this.fail();
}

const instances = new WeakMap<object, TaxAuthority>();

function taxConfigOf(config: Config): TaxAuthorityConfig {
  return referenceConfigOf(config).taxAuthority;
}

export function createTaxAuthority(app: Pick<FastifyInstance, 'config' | 'db'>): TaxAuthority {
  const config = taxConfigOf(app.config);
  if (config.mode === 'http') return new HttpTaxAuthority(config);
  if (config.mode === 'demo') return new DemoTaxAuthority(app.db);
  return new UnconfiguredTaxAuthority();
}

export function taxAuthorityOf(app: Pick<FastifyInstance, 'config' | 'db'>): TaxAuthority {
  let instance = instances.get(app.config);
  if (!instance) {
    instance = createTaxAuthority(app);
    instances.set(app.config, instance);
  }
  return instance;
}

/** The service's failure as the person sees it: 503, localized, saying what to do. */
export function asApiError(err: unknown): never {
  if (err instanceof TaxServiceError) {
    if (err.reason === 'unconfigured')
      throw new ApiError(503, 'TAX_SERVICE_NOT_CONFIGURED', 'reference:errors.taxServiceNotConfigured');
    if (err.reply)
      throw new ApiError(422, 'TAX_SERVICE_REPLY', 'reference:errors.taxAuthorityReply', {
        reply: err.reply,
      });
    if (err.reason === 'timeout')
      throw new ApiError(503, 'TAX_SERVICE_TIMEOUT', 'reference:errors.taxServiceTimeout');
    throw new ApiError(503, 'TAX_SERVICE_UNAVAILABLE', 'reference:errors.taxServiceUnavailable');
  }
  throw err;
}

/** Runs a call to the tax authority, turning its failures into the localized 503. */
export async function askTaxAuthority<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    asApiError(err);
  }
}

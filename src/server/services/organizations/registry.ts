import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../../engine/constants';
import { askTaxAuthority, taxAuthorityOf } from '../soliq/instance';
import type { RegistryLookup } from './registryChanges';

/**
 * The tax authority's registry as "change requisites" reads it: the configured adapter (the real
 * service, or the labelled demo registry in demo mode); its failures are the localized 503s.
 */
export function registryLookupOf(app: Pick<FastifyInstance, 'config' | 'db'>, lang: Locale): RegistryLookup {
  const authority = taxAuthorityOf(app);
  return (tin) => askTaxAuthority(() => authority.taxpayer(tin, lang));
}

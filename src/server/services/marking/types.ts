import type { MarkingLevel } from '../../../engine/marking';

/** What the registry says of one package. */
export type RegistryStatus = 'valid' | 'unknown' | 'retired' | 'otherOwner';

export interface RegistryQuery {
  /** The code as stored (canonical, engine/marking). */
  code: string;
  level: MarkingLevel;
}

export interface RegistryAnswer {
  code: string;
  status: RegistryStatus;
  /** For an aggregate (group or transport package): how many packages it holds, and of which level. */
  children?: number;
  childLevel?: MarkingLevel;
}

/**
 * The one adapter to the marking system (like `taxAuthorityOf` for the tax authority): the real HTTP
 * client, the demo registry (demo mode only, its answers labelled demo), or "not configured".
 */
export interface MarkingRegistry {
  readonly kind: 'http' | 'demo' | 'unconfigured';
  /** The registry's answer for each code, in order; `owner` is the TIN/PINFL that must hold them. */
  check(codes: readonly RegistryQuery[], owner: string): Promise<RegistryAnswer[]>;
}

export class MarkingServiceError extends Error {
  override name = 'MarkingServiceError';
  constructor(
    readonly reason: 'unconfigured' | 'timeout' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

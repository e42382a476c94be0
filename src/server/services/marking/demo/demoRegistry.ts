import type { MarkingRegistry, RegistryAnswer, RegistryQuery, RegistryStatus } from '../types';

/**
 * DEMO registry — not the marking system. On in demo mode only (services/marking/config.ts), and
 * every answer of the check says `demo: true`, which the editor shows. It answers from the code
 * itself so a demonstration can show each outcome:
 *  - a code whose serial starts with "!" is unknown to the registry, "?" retired from circulation,
 *    "*" held by another owner; any other well-formed code is in circulation with the document's seller;
 *  - a group package (cigarette block) holds 10 consumer packages; a transport package (SSCC) holds
 *    50 group packages.
 */
export const DEMO_GROUP_SIZE = 10;
export const DEMO_TRANSPORT_SIZE = 50;

const BY_PREFIX: Record<string, RegistryStatus> = { '!': 'unknown', '?': 'retired', '*': 'otherOwner' };

function serialOf(code: string): string {
  // (01) GTIN (21) serial…: the serial starts after 18 characters; the pack form after 14.
  return code.startsWith('01') && code.slice(16, 18) === '21' ? code.slice(18) : code.slice(14);
}

export class DemoMarkingRegistry implements MarkingRegistry {
  readonly kind = 'demo' as const;

  async check(codes: readonly RegistryQuery[]): Promise<RegistryAnswer[]> {
    return codes.map(({ code, level }) => {
      if (level === 'transport')
        return {
          code,
          status: 'valid',
          children: DEMO_TRANSPORT_SIZE,
          childLevel: 'group',
        } satisfies RegistryAnswer;
      const status = BY_PREFIX[serialOf(code).charAt(0)] ?? 'valid';
      if (level === 'group') return { code, status, children: DEMO_GROUP_SIZE, childLevel: 'consumer' };
      return { code, status };
    });
  }
}

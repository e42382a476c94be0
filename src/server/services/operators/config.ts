// Exchange-operator configuration (issue 28, docs/operators.md).
// OPERATOR_STANDIN (on/off): start the stand-in operator beside the server; default on in demo mode,
//   never in production (on there is a configuration error).
// OPERATOR_STANDIN_PORT: its port (default 64660; taken → a free one).
// OPERATOR_STANDIN_URL: a stand-in already running elsewhere (two demo servers share one operator).

export const DEFAULT_OPERATOR_STANDIN_PORT = 64660;

export interface OperatorConfig {
  /** Start the stand-in operator with the server (demo only). */
  standIn: boolean;
  standInPort: number;
  /** Where the stand-in answers (set once it listens, or OPERATOR_STANDIN_URL); null: none. */
  standInUrl: string | null;
}

export class OperatorConfigError extends Error {}

export function loadOperatorConfig(
  env: NodeJS.ProcessEnv,
  { demo, production }: { demo: boolean; production: boolean },
): OperatorConfig {
  const raw = env.OPERATOR_STANDIN?.trim();
  let standIn = demo && !production;
  if (raw) {
    if (/^(1|true|on|yes)$/i.test(raw)) standIn = true;
    else if (/^(0|false|off|no)$/i.test(raw)) standIn = false;
    else throw new OperatorConfigError(`OPERATOR_STANDIN must be on or off, got "${raw}"`);
  }
  if (standIn && production)
    throw new OperatorConfigError('OPERATOR_STANDIN is a demo stand-in: not in production');
  const port = env.OPERATOR_STANDIN_PORT ? Number(env.OPERATOR_STANDIN_PORT) : DEFAULT_OPERATOR_STANDIN_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new OperatorConfigError(
      `OPERATOR_STANDIN_PORT must be a port number, got "${env.OPERATOR_STANDIN_PORT}"`,
    );
  const url = env.OPERATOR_STANDIN_URL?.trim() || null;
  if (url && !/^https?:\/\//.test(url))
    throw new OperatorConfigError(`OPERATOR_STANDIN_URL must be an http(s) address, got "${url}"`);
  return { standIn: standIn && !url, standInPort: port, standInUrl: url };
}

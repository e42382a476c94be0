import type { Lifecycle } from './types';

/**
 * What JSON Schema cannot say about a life cycle: the references between its parts hold. The build
 * step runs it beside the schema; registerLifecycle refuses a kind that fails it. The graph
 * properties (reachability, exits) are checked by tests/engine/lifecycle.graph.test.ts.
 */
export function checkLifecycle(lifecycle: Lifecycle): string[] {
  const problems: string[] = [];
  const codes = new Map<number, (typeof lifecycle.statuses)[number]>();
  for (const status of lifecycle.statuses) {
    if (codes.has(status.code)) problems.push(`status ${status.code} is declared twice`);
    codes.set(status.code, status);
  }
  const stored = (code: number, where: string) => {
    const status = codes.get(code);
    if (!status) problems.push(`${where}: status ${code} is not declared`);
    else if (status.view) problems.push(`${where}: status ${code} is a view, never stored`);
  };
  const roles = new Set(Object.keys(lifecycle.parties));
  const role = (name: string, where: string) => {
    if (name !== '*' && !roles.has(name)) problems.push(`${where}: role "${name}" is not a party`);
  };
  stored(lifecycle.initial, 'initial');
  for (const status of lifecycle.statuses) {
    const where = `status ${status.code}`;
    for (const name of Object.keys(status.lists ?? {})) role(name, where);
    for (const name of status.awaiting ?? []) role(name, where);
    for (const [name, code] of Object.entries(status.seenAs ?? {})) {
      role(name, where);
      const view = codes.get(code);
      if (!view?.view) problems.push(`${where}: seenAs ${code} must be a declared view status`);
    }
    if (status.view && (status.lists || status.awaiting || status.final !== undefined)) {
      problems.push(`${where}: a view status declares only code and name`);
    }
  }
  const names = new Set<string>();
  for (const action of lifecycle.actions) {
    const where = `action ${action.name}`;
    if (names.has(action.name)) problems.push(`${where} is declared twice`);
    names.add(action.name);
    role(action.by, where);
    for (const code of action.from) {
      stored(code, where);
      if (codes.get(code)?.final) problems.push(`${where}: final status ${code} cannot have an exit`);
    }
    const targets = typeof action.to === 'number' ? [{ status: action.to }] : action.to;
    for (const target of targets) stored(target.status, where);
    if (typeof action.to !== 'number' && action.to[action.to.length - 1].when) {
      problems.push(`${where}: the last target must have no condition`);
    }
    const shape = action.sign.shape;
    if (shape === 'object' && !action.sign.fields) problems.push(`${where}: an object shape needs fields`);
    if (shape !== 'object' && action.sign.fields) problems.push(`${where}: only the object shape has fields`);
    if (shape === 'wrap' && !lifecycle.wrapper)
      problems.push(`${where}: the wrap shape needs a wrapper name`);
    const reasonField = Object.values(action.sign.fields ?? {}).some((field) => 'reason' in field);
    if (reasonField && action.reason !== 'required' && action.reason !== 'optional') {
      problems.push(`${where}: a signed reason needs reason "required" or "optional"`);
    }
    for (const field of Object.values(action.sign.fields ?? {})) {
      if ('party' in field) role(field.party, where);
    }
    if (action.quorum === 'all' && !lifecycle.parties[action.by]?.many) {
      problems.push(`${where}: quorum "all" needs a role with many parties`);
    }
    if (shape === 'document' && !action.from.includes(lifecycle.initial)) {
      problems.push(`${where}: the document is signed from the draft status only`);
    }
  }
  return problems;
}

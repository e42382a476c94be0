import {
  type ActedEntry,
  type DocumentParty,
  getLifecycle,
  nextStatus,
  type Role,
} from '../../../engine/lifecycle';
import type { SignerReport } from './signers';

export interface ReceivedStep {
  action: string;
  role: Role;
  identity: string;
  fromStatus: number;
  toStatus: number;
  /** The signer whose signature is this step. */
  signer: number;
}

/**
 * The life-cycle state a received document is in, read from its signatures the kind's own way: it
 * was sent (the kind's action that signs the document from its initial status), then every further
 * valid signer matched to a party co-signed it with the action that party's role takes from there
 * (a receiver accepting, an agent signing…). No kind is special here: the steps are the kind's.
 */
export function receivedState(
  kind: string,
  content: unknown,
  parties: DocumentParty[],
  signers: SignerReport[],
): { status: number; steps: ReceivedStep[]; acted: ActedEntry[] } {
  const lifecycle = getLifecycle(kind);
  let status = lifecycle.initial;
  const steps: ReceivedStep[] = [];
  let acted: ActedEntry[] = [];
  const send = lifecycle.actions.find((a) => a.from.includes(status) && a.sign.shape === 'document');
  if (!send) return { status, steps, acted };
  const sender = parties.find((p) => p.role === send.by);
  // A document of an unknown shape names no parties: it is where a sent document is.
  if (!sender)
    return { status: nextStatus(kind, send.name, { status, content, parties }) ?? status, steps, acted };
  const first = signers.find((s) => s.identity === sender.identity) ?? signers[0];
  const afterSend = nextStatus(kind, send.name, { status, content, parties, identity: sender.identity });
  steps.push({
    action: send.name,
    role: send.by,
    identity: sender.identity,
    fromStatus: status,
    toStatus: afterSend ?? status,
    signer: first?.index ?? 0,
  });
  status = afterSend ?? status;
  for (const signer of signers) {
    if (signer === first || !signer.valid || !signer.role || !signer.identity) continue;
    const action = lifecycle.actions.find(
      (a) => a.from.includes(status) && a.by === signer.role && a.sign.shape === 'cosign',
    );
    if (!action) continue;
    const next = nextStatus(kind, action.name, {
      status,
      content,
      parties,
      acted,
      identity: signer.identity,
    });
    steps.push({
      action: action.name,
      role: action.by,
      identity: signer.identity,
      fromStatus: status,
      toStatus: next ?? status,
      signer: signer.index,
    });
    if (next === null)
      acted = [...acted, { role: action.by, identity: signer.identity, action: action.name }];
    else {
      status = next;
      acted = [];
    }
  }
  return { status, steps, acted };
}

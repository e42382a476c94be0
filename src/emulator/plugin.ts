// The plug-in's JSON-over-WebSocket API (reference/eimzo.md §2–§6): dispatch of one request frame.
import { toBase64 } from '../engine/cms';
import { apidoc } from './apidoc';
import { createPkcs7, importSigningKey } from './cmsSign';
import { type KeyStore, type LoadedKey, WrongPasswordError } from './keystore';
import { fail, ok, REASON, type Reply, STATUS } from './messages';
import type { PasswordDialog } from './passwordDialog';

export interface PluginVersion {
  major: string;
  minor: string;
  patch: string;
  edition: string;
}

export interface PluginState {
  version: PluginVersion | null;
  /** Verified API keys by domain; null accepts any key (developer mode). */
  apiKeys: Record<string, string> | null;
  /** Domains that registered a valid key: process-wide, as in the plug-in. */
  verifiedDomains: Set<string>;
  keys: KeyStore;
  dialog: PasswordDialog;
}

export interface CallRequest {
  plugin?: string;
  name?: string;
  arguments?: unknown[];
}

type Handler = (args: string[], state: PluginState) => Promise<Reply> | Reply;

interface FunctionSpec {
  /** Accepted argument counts. */
  arity: number[];
  handler: Handler;
}

const notFound = () => fail(STATUS.FUNCTION_NOT_FOUND, REASON.functionNotFound);

/** Asks the scripted dialog for the key's password (or the token's PIN) and opens the key. */
async function unlock(keyId: string, loaded: LoadedKey, state: PluginState, cache: boolean) {
  const outcome = state.dialog.prompt();
  if (outcome === 'cancelled') return { reply: fail(STATUS.PASSWORD_CANCELLED, REASON.passwordCancelled) };
  if (outcome === 'wrong') return { reply: fail(STATUS.RUNTIME_ERROR, REASON.wrongPassword) };
  const password = state.keys.passwordFor(loaded);
  if (!password) return { reply: fail(STATUS.RUNTIME_ERROR, REASON.wrongPassword) };
  try {
    return { opened: await state.keys.unlock(keyId, loaded, password, cache) };
  } catch (err) {
    if (err instanceof WrongPasswordError) return { reply: fail(STATUS.RUNTIME_ERROR, REASON.wrongPassword) };
    throw err;
  }
}

function resolveKeyId(id: string, state: PluginState): { keyId: string; loaded: LoadedKey } | null {
  const loaded = state.keys.get(id);
  if (loaded) return { keyId: id, loaded };
  // Fixed token ids need no load_key (eimzo.md §4.5); only the emulated token answers to 'ckc'.
  if (id === 'ckc') {
    const [key] = state.keys.tokenKeys();
    if (key) return { keyId: 'ckc', loaded: { kind: 'token', key, type: 'FTJC_KEY_STORE' } };
  }
  return null;
}

const listCertificates = (state: PluginState, disk?: string) =>
  state.keys.list(disk).map((e) => ({ disk: e.disk, path: e.path, name: e.name, alias: e.alias }));

const FUNCTIONS: Record<string, Record<string, FunctionSpec>> = {
  '': {
    version: {
      arity: [0],
      handler: (_args, state) => (state.version ? ok({ ...state.version }) : ok({})),
    },
    apikey: {
      arity: [],
      handler: () => notFound(), // handled in dispatch (needs the connection's origin)
    },
  },
  pfx: {
    list_disks: { arity: [0], handler: (_a, state) => ok({ disks: state.keys.disks() }) },
    list_certificates: {
      arity: [1],
      handler: ([disk], state) =>
        state.keys.hasDisk(disk)
          ? ok({ certificates: listCertificates(state, disk) })
          : fail(STATUS.DISK_NOT_FOUND, REASON.diskNotFound),
    },
    list_all_certificates: {
      arity: [0],
      handler: (_a, state) => ok({ certificates: listCertificates(state) }),
    },
    load_key: {
      arity: [4],
      handler: ([disk, sub, name, alias], state) => {
        if (!state.keys.hasDisk(disk)) return fail(STATUS.DISK_NOT_FOUND, REASON.diskNotFound);
        if (sub !== '' && sub !== 'DSKEYS') return fail(STATUS.BAD_PATH, REASON.badPath);
        const entries = state.keys.list(disk).filter((e) => e.path === sub && e.name === name);
        const file = state.keys.pfxFile(disk, sub, name);
        if (entries.length === 0) return fail(STATUS.PFX_FILE_NOT_FOUND, REASON.fileNotFound(file));
        if (!entries.some((e) => e.alias === alias))
          return fail(STATUS.ALIAS_NOT_FOUND, REASON.aliasNotFound(alias, file));
        const keyId = state.keys.open({ kind: 'pfx', file, alias, type: 'PFX_KEY_STORE' });
        return ok({ keyId, type: 'PFX_KEY_STORE' });
      },
    },
    unload_key: {
      arity: [1],
      handler: ([keyId], state) =>
        state.keys.get(keyId)?.kind === 'pfx' && state.keys.close(keyId)
          ? ok()
          : fail(STATUS.PFX_KEY_ID_NOT_FOUND, REASON.keyIdNotFound('PFX_KEY_STORE')),
    },
    verify_password: {
      arity: [1],
      handler: async ([keyId], state) => {
        const loaded = state.keys.get(keyId);
        if (loaded?.kind !== 'pfx')
          return fail(STATUS.PFX_KEY_ID_NOT_FOUND, REASON.keyIdNotFound('PFX_KEY_STORE'));
        const result = await unlock(keyId, loaded, state, false);
        return result.reply ?? ok();
      },
    },
  },
  // Legacy token plug-in (< 4.12), kept so clients can list the emulated token (eimzo.md §4.5).
  ftjc: {
    list_all_keys: {
      arity: [0, 1],
      handler: (_a, state) =>
        ok({
          tokens: state.keys.tokenKeys().map((k) => ({
            cardUID: k.token!.cardUID,
            statusInfo: k.token!.statusInfo,
            ownerName: k.token!.ownerName,
            info: k.alias,
          })),
        }),
    },
    load_key: {
      arity: [1],
      handler: ([cardUID], state) => {
        const key = state.keys.tokenKeys().find((k) => k.token!.cardUID === cardUID);
        if (!key) return fail(STATUS.KEY_NOT_FOUND, REASON.keyNotFound);
        return ok({ keyId: state.keys.open({ kind: 'token', key, type: 'FTJC_KEY_STORE' }) });
      },
    },
    verify_pin: {
      arity: [2],
      handler: async ([keyId], state) => {
        const loaded = state.keys.get(keyId);
        if (loaded?.kind !== 'token') return fail(STATUS.KEY_NOT_FOUND, REASON.keyNotFound);
        const result = await unlock(keyId, loaded, state, false);
        return result.reply ?? ok();
      },
    },
    unload_key: {
      arity: [1],
      handler: ([keyId], state) =>
        state.keys.get(keyId)?.kind === 'token' && state.keys.close(keyId)
          ? ok()
          : fail(STATUS.KEY_NOT_FOUND, REASON.keyNotFound),
    },
  },
  ckc: {
    list_ckc: {
      arity: [0],
      handler: (_a, state) =>
        ok({
          devices: state.keys
            .tokenKeys()
            .map(() => ({ type: 'EIMZO', deviceID: 'Hujjat demo token (emulated)' })),
        }),
    },
  },
  idcard: { list_readers: { arity: [0], handler: () => ok({ readers: [] }) } },
  baikey: { list_tokens: { arity: [0], handler: () => ok({ tokens: [] }) } },
  pkcs7: {
    create_pkcs7: {
      arity: [2, 3],
      handler: async ([data64, id, detached = 'no'], state) => {
        const resolved = resolveKeyId(id, state);
        if (!resolved) return fail(STATUS.KEY_NOT_FOUND, REASON.keyNotFound);
        let data: Uint8Array;
        try {
          if (data64 !== '' && !/^[A-Za-z0-9+/\s]*={0,2}$/.test(data64)) throw new Error('not base64');
          data = new Uint8Array(Buffer.from(data64, 'base64'));
        } catch {
          return fail(STATUS.RUNTIME_ERROR, REASON.badData);
        }
        let opened = state.keys.cached(resolved.keyId);
        if (!opened) {
          const result = await unlock(resolved.keyId, resolved.loaded, state, true);
          if (result.reply) return result.reply;
          opened = result.opened;
        }
        const signed = await createPkcs7({
          data,
          detached: detached === 'yes',
          privateKey: await importSigningKey(opened.privateKey),
          certificates: opened.certificates,
        });
        return ok({
          pkcs7_64: toBase64(signed.pkcs7),
          signer_serial_number: signed.signerSerialNumber,
          signature_hex: signed.signatureHex,
        });
      },
    },
  },
  x509: {
    get_certificate_chain: {
      arity: [1],
      handler: async ([keyId], state) => {
        const resolved = resolveKeyId(keyId, state);
        if (!resolved) return fail(STATUS.KEY_NOT_FOUND, REASON.keyNotFound);
        let opened = state.keys.cached(resolved.keyId);
        if (!opened) {
          const result = await unlock(resolved.keyId, resolved.loaded, state, true);
          if (result.reply) return result.reply;
          opened = result.opened;
        }
        return ok({ certificates: opened.certificates.map((c) => toBase64(c)) });
      },
    },
  },
};

/** Validates `apikey` pairs against the table and remembers the good domains for the process. */
function registerApiKeys(args: string[], origin: string | null, state: PluginState): Reply {
  if (args.length < 2 || args.length % 2 !== 0) return notFound();
  let firstInvalid: string | null = null;
  for (let i = 0; i < args.length; i += 2) {
    const domain = args[i].toLowerCase();
    const key = args[i + 1];
    const expected = state.apiKeys?.[domain];
    const valid =
      state.apiKeys === null ? /^[0-9A-Fa-f]{128}$/.test(key) : expected?.toUpperCase() === key.toUpperCase();
    if (valid) state.verifiedDomains.add(domain);
    else firstInvalid ??= domain;
  }
  if (firstInvalid !== null) return fail(STATUS.API_KEY_INVALID, REASON.apiKeyInvalid(firstInvalid));
  return ok({ message: origin ?? 'null' });
}

/** Handles one request frame of a connection whose Origin resolved to `domain` (null: none). */
export async function dispatch(
  raw: string,
  connection: { origin: string | null; domain: string | null },
  state: PluginState,
): Promise<Reply | ReturnType<typeof apidoc>> {
  let call: CallRequest;
  try {
    call = JSON.parse(raw);
    if (!call || typeof call !== 'object' || typeof call.name !== 'string') throw new Error();
  } catch {
    return notFound();
  }
  const plugin = call.plugin ?? '';
  const args = call.arguments ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return notFound();
  // The one reply that is a bare array, not an envelope (eimzo.md §3.3).
  if (plugin === '' && call.name === 'apidoc' && args.length === 0) return apidoc();
  if (plugin === '' && call.name === 'apikey')
    return registerApiKeys(args as string[], connection.origin, state);
  const spec = FUNCTIONS[plugin]?.[call.name];
  if (!spec?.arity.includes(args.length)) return notFound();
  if (plugin !== '') {
    if (connection.domain === null) return fail(STATUS.DOMAIN_UNKNOWN, REASON.domainUnknown);
    if (!state.verifiedDomains.has(connection.domain)) {
      return fail(STATUS.ORIGIN_NOT_ALLOWED, REASON.apiKeyInvalid(connection.domain));
    }
  }
  try {
    return await spec.handler(args as string[], state);
  } catch (err) {
    return fail(STATUS.RUNTIME_ERROR, (err as Error).message || 'runtime error');
  }
}

// The emulator's `apidoc` answer (reference/eimzo.md §3.3): a bare array of plug-ins and their
// functions, as the plug-in serves it, describing only what the emulator implements.

interface ArgumentDoc {
  name: string;
  optional: boolean;
  description: string;
}

interface FunctionDoc {
  plugin: string;
  name: string;
  description: string;
  arguments: ArgumentDoc[];
}

const arg = (name: string, description: string, optional = false): ArgumentDoc => ({
  name,
  optional,
  description,
});
const fn = (plugin: string, name: string, description: string, ...args: ArgumentDoc[]): FunctionDoc => ({
  plugin,
  name,
  description,
  arguments: args,
});

const PLUGINS: Array<{ name: string; description: string; functions: FunctionDoc[] }> = [
  {
    name: '',
    description: 'Main',
    functions: [
      fn('', 'version', 'Plug-in version'),
      fn(
        '',
        'apikey',
        'Registers API keys: domain1, key1, domain2, key2, …',
        arg('domain', 'Domain'),
        arg('key', 'API key'),
      ),
      fn('', 'apidoc', 'This description'),
    ],
  },
  {
    name: 'pfx',
    description: 'PFX key files (demo keys of the Hujjat emulator)',
    functions: [
      fn('pfx', 'list_disks', 'Disks with key files'),
      fn('pfx', 'list_certificates', 'Keys on one disk', arg('disk', 'Disk')),
      fn('pfx', 'list_all_certificates', 'Keys on every disk'),
      fn(
        'pfx',
        'load_key',
        'Loads a key; the password is asked on first use',
        arg('disk', 'Disk'),
        arg('path', '"" or "DSKEYS"', true),
        arg('name', 'File name without .pfx'),
        arg('alias', 'Alias'),
      ),
      fn('pfx', 'unload_key', 'Unloads a key', arg('pfxId', 'Key id')),
      fn('pfx', 'verify_password', 'Asks for the password now', arg('pfxId', 'Key id')),
    ],
  },
  {
    name: 'ftjc',
    description: 'Emulated token (legacy token plug-in)',
    functions: [
      fn('ftjc', 'list_all_keys', 'Keys on tokens', arg('filter', 'Unused', true)),
      fn('ftjc', 'load_key', 'Loads a token key', arg('cardUID', 'Card UID')),
      fn('ftjc', 'verify_pin', 'Asks for the PIN now', arg('tokenId', 'Key id'), arg('pinType', '"1"')),
      fn('ftjc', 'unload_key', 'Unloads a token key', arg('tokenId', 'Key id')),
    ],
  },
  { name: 'ckc', description: 'Compatible tokens', functions: [fn('ckc', 'list_ckc', 'Connected tokens')] },
  {
    name: 'idcard',
    description: 'ID cards',
    functions: [fn('idcard', 'list_readers', 'Card readers (none)')],
  },
  {
    name: 'baikey',
    description: 'BAIK tokens',
    functions: [fn('baikey', 'list_tokens', 'BAIK tokens (none)')],
  },
  {
    name: 'pkcs7',
    description: 'PKCS#7 signatures',
    functions: [
      fn(
        'pkcs7',
        'create_pkcs7',
        'Signs data: attached unless detached is "yes"',
        arg('data_64', 'Data in Base64'),
        arg('id', 'Key id, or "ckc"'),
        arg('detached', '"yes" or "no"', true),
      ),
    ],
  },
  {
    name: 'x509',
    description: 'Certificates',
    functions: [
      fn('x509', 'get_certificate_chain', 'Certificate chain of a loaded key', arg('certId', 'Key id')),
    ],
  },
];

export function apidoc() {
  return PLUGINS.map((p) => ({ name: p.name, description: p.description, functions: p.functions }));
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** The human page the plug-in serves at /apidoc.html. */
export function apidocHtml(): string {
  const sections = PLUGINS.map((p) => {
    const rows = p.functions
      .map(
        (f) =>
          `<tr><td><code>${escapeHtml(f.name)}</code></td><td>${f.arguments
            .map((a) => `<code>${escapeHtml(a.name)}</code>${a.optional ? '?' : ''}`)
            .join(', ')}</td><td>${escapeHtml(f.description)}</td></tr>`,
      )
      .join('');
    return `<h2>${escapeHtml(p.name || '(main)')}</h2><p>${escapeHtml(p.description)}</p><table><tr><th>function</th><th>arguments</th><th>description</th></tr>${rows}</table>`;
  }).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>E-IMZO emulator API (Hujjat demo)</title></head><body><h1>E-IMZO emulator API (Hujjat demo)</h1><p>Demo keys only. WebSocket: <code>/service/cryptapi</code>.</p>${sections}</body></html>`;
}

// Content-Disposition of every download (RFC 6266): `filename*` carries the name in UTF-8 (RFC 8187),
// so a Cyrillic document number reaches the person as it was written; `filename` is an ASCII copy
// for the few clients that do not read `filename*`.

/** RFC 8187 value characters: everything else is percent-encoded (encodeURIComponent leaves '()*!). */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The ASCII copy: non-ASCII letters, quotes, backslashes and controls become "_". */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

export function contentDisposition(name: string, inline = false): string {
  const type = inline ? 'inline' : 'attachment';
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

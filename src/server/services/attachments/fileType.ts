// What a file is, read from its first bytes (magic numbers) — never from its name or the type the
// browser declares: a script named scan.pdf and sent as application/pdf is refused.

export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

const SIGNATURES: Array<{ type: AttachmentType; bytes: number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The allowed type the bytes are, or null. */
export function sniffAttachmentType(data: Uint8Array): AttachmentType | null {
  for (const { type, bytes } of SIGNATURES)
    if (data.length > bytes.length && bytes.every((b, i) => data[i] === b)) return type;
  return null;
}

/** The extension a stored name gets, so that a download opens with the right program. */
export const EXTENSION: Record<AttachmentType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
};

/**
 * A file name safe to store and to send back: no path, no control characters, at most 200
 * characters, ending in the extension of what the bytes are.
 */
export function safeFileName(name: string, type: AttachmentType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .trim()
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .slice(0, 200);
  return `${base || 'attachment'}${EXTENSION[type]}`;
}

// File names of downloads, shared by the server (Content-Disposition) and the browser (the name it
// saves under): letters of any script and digits are kept — a Cyrillic number such as "СФ-0471"
// stays readable — and only what file systems refuse or misread becomes "_".

const UNSAFE = /[^\p{L}\p{N}._-]+/gu;
const MAX_LENGTH = 120;

/** A piece of text made safe to stand in a file name (letters, digits, ".", "_", "-"). */
export function fileNamePart(text: string): string {
  return text.normalize('NFC').replace(UNSAFE, '_').slice(0, MAX_LENGTH);
}

/** The file name of a document's download: kind and number (or id), then the extension. */
export function documentFileName(
  document: { kind: string; number?: string | null; id: string },
  extension: string,
): string {
  return `${fileNamePart(`${document.kind}_${document.number || document.id}`)}.${extension}`;
}

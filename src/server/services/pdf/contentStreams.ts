import { createRequire } from 'node:module';

/**
 * pdfkit writes every drawing operator of a page (each text fragment, move, colour) to the page's
 * content stream as a Buffer of its own (`Buffer.from(operator + '\n', 'binary')`) and concatenates
 * them when the page ends: a 1000-line invoice makes hundreds of thousands of tiny Buffers, and their
 * allocation and collection were a tenth of its PDF's time. Here a stream gathers consecutive
 * operators as text and turns each run of them into one Buffer — when a binary chunk comes (order
 * kept) or when the stream is finalized. The bytes, `Length` and compression are what pdfkit made.
 */
interface PdfReference {
  buffer: Uint8Array[] | Uint8Array;
  data: { Length?: number; Filter?: string };
  compress: boolean;
  uncompressedLength: number;
  write(chunk: unknown): void;
  finalize(): void;
  __pending?: string[];
}

const require = createRequire(import.meta.url);
let installed = false;

function flush(ref: PdfReference): void {
  const pending = ref.__pending;
  if (!pending || pending.length === 0) return;
  (ref.buffer as Uint8Array[]).push(Buffer.from(pending.join(''), 'binary'));
  pending.length = 0;
}

export function batchContentWrites(): void {
  if (installed) return;
  installed = true;
  const PDFKit = require('pdfkit') as new (options?: object) => { ref(data?: object): PdfReference };
  const proto = Object.getPrototypeOf(new PDFKit({ autoFirstPage: false }).ref({})) as PdfReference;
  const finalize = proto.finalize;
  proto.write = function write(this: PdfReference, chunk: unknown) {
    let length: number;
    if (chunk instanceof Uint8Array) {
      flush(this);
      (this.buffer as Uint8Array[]).push(chunk);
      length = chunk.length;
    } else {
      // 'binary' (latin1): one byte per UTF-16 code unit, as Buffer.from(text, 'binary') writes it.
      const text = `${chunk}\n`;
      if (!this.__pending) this.__pending = [];
      this.__pending.push(text);
      length = text.length;
    }
    this.uncompressedLength += length;
    if (this.data.Length == null) this.data.Length = 0;
    this.data.Length += length;
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
  proto.finalize = function finalizeBatched(this: PdfReference) {
    flush(this);
    return finalize.call(this);
  };
}

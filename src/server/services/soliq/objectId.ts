import { randomBytes } from 'node:crypto';

// A 24-hex document id in the form operators use for FacturaId (a MongoDB ObjectId: 4 bytes of Unix
// seconds, 5 random bytes, a 3-byte counter), unique without asking anyone.

const processPart = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

export function objectId(now = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${processPart}${counter.toString(16).padStart(6, '0')}`;
}

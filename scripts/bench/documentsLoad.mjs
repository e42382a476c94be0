// Load generator for bench:documents, in a worker thread: `clients` keep-alive connections, each issuing
// its share of the prepared requests back to back (a closed loop, like 50 people each waiting for their
// list before asking for the next).
//
// Plain HTTP/1.1 over `net` rather than node:http: the clients run on the same two cores as the server
// and PostgreSQL they measure (real clients are browsers elsewhere), and node:http's client cost about
// as much CPU per request as the server's own thread. Requests are written as prepared bytes; answers
// are read only as far as the status line, Content-Length and body length. A status other than 200,
// a chunked answer or a closed connection fails the run loudly.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port, requests, clients } = workerData;
const HEADER_END = Buffer.from('\r\n\r\n');

function requestBytes({ path, token }) {
  return Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
      `Accept-Language: ru\r\nConnection: keep-alive\r\n\r\n`,
    'latin1',
  );
}

/** One keep-alive connection: `send(bytes)` answers the latency in ms once the whole answer is read. */
function connection() {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, noDelay: true });
    let buffered = Buffer.alloc(0);
    let pending = null;
    const fail = (error) => {
      if (pending) pending.reject(error);
      pending = null;
    };
    socket.on('error', (error) => (pending ? fail(error) : reject(error)));
    socket.on('close', () => fail(new Error('the server closed a keep-alive connection')));
    socket.on('data', (chunk) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      if (!pending) return;
      const headerEnd = buffered.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = buffered.toString('latin1', 0, headerEnd);
      const status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!length) return fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      const total = headerEnd + 4 + Number(length[1]);
      if (buffered.length < total) return;
      const done = pending;
      pending = null;
      buffered = buffered.subarray(total);
      if (status !== 200) done.reject(new Error(`${done.path}: HTTP ${status}`));
      else done.resolve(Number(process.hrtime.bigint() - done.started) / 1e6);
    });
    socket.once('connect', () =>
      resolve({
        send(bytes, path) {
          return new Promise((resolveSend, rejectSend) => {
            pending = { resolve: resolveSend, reject: rejectSend, started: process.hrtime.bigint(), path };
            socket.write(bytes);
          });
        },
        close: () => socket.destroy(),
      }),
    );
  });
}

const prepared = requests.map(requestBytes);
let next = 0;
const latencies = new Array(requests.length);
async function client() {
  const conn = await connection();
  try {
    for (;;) {
      const i = next++;
      if (i >= requests.length) return;
      latencies[i] = await conn.send(prepared[i], requests[i].path);
    }
  } finally {
    conn.close();
  }
}
const started = process.hrtime.bigint();
await Promise.all(Array.from({ length: clients }, client));
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
parentPort.postMessage({ latencies, wallMs });

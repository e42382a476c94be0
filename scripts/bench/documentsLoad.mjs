// Load generator for bench:documents, in a worker thread so that its own work does not slow the server
// it measures: `clients` keep-alive loops issue the prepared requests back to back.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, requests, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

let retries = 0;

/**
 * A kept-alive socket the server closed after its keep-alive timeout can be picked for the next
 * request at the same moment (ECONNRESET): browsers retry an idempotent request once on a fresh
 * connection, and so does this client — counted and reported, never hidden.
 */
async function get(request) {
  try {
    return await getOnce(request);
  } catch (error) {
    if (error?.code !== 'ECONNRESET' && error?.code !== 'EPIPE') throw error;
    retries++;
    return getOnce(request);
  }
}

function getOnce({ path, token }) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'ru' },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode}`));
          else resolve(ms);
        });
      },
    );
    req.on('error', reject);
  });
}

let next = 0;
const latencies = new Array(requests.length);
async function client() {
  for (;;) {
    const i = next++;
    if (i >= requests.length) return;
    latencies[i] = await get(requests[i]);
  }
}
const started = process.hrtime.bigint();
await Promise.all(Array.from({ length: clients }, client));
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
agent.destroy();
parentPort.postMessage({ latencies, wallMs, retries });

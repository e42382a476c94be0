// Catalogue load for bench:hardening, in a worker thread so that its own work does not share the
// bench's event loop. Runs `clients` keep-alive loops of GET `path` until told to stop, and reports
// every request's start (process.hrtime in ms, the clock the bench's own thread reads) and latency.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, path, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const now = () => Number(process.hrtime.bigint()) / 1e6;

let stopping = false;
parentPort.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

function get() {
  return new Promise((resolve) => {
    const start = now();
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ start, ms: now() - start, ok: res.statusCode === 200 }));
    });
    req.on('error', () => resolve({ start, ms: now() - start, ok: false }));
  });
}

const samples = [];
async function client() {
  while (!stopping) samples.push(await get());
}
parentPort.postMessage({ type: 'started', at: now() });
await Promise.all(Array.from({ length: clients }, client));
agent.destroy();
parentPort.postMessage({ type: 'done', samples });

// Load generator for bench:catalogue, in a worker thread so that its own work does not slow the server
// it measures. Runs `clients` loops, each issuing requests back to back over keep-alive.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, paths, clients } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

function get(path) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { 'accept-language': 'ru' } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode}`));
          else resolve({ ms, bytes });
        });
      },
    );
    req.on('error', reject);
  });
}

let next = 0;
const results = new Array(paths.length);
async function client() {
  for (;;) {
    const i = next++;
    if (i >= paths.length) return;
    results[i] = (await get(paths[i])).ms;
  }
}
const started = process.hrtime.bigint();
await Promise.all(Array.from({ length: clients }, client));
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
agent.destroy();
parentPort.postMessage({ latencies: results, wallMs });

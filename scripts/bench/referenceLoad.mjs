// Load generator for bench:reference, in a worker thread so that its own work does not slow the
// server it measures: `clients` loops, each sending GET requests back to back over keep-alive with the
// bearer token, recording each latency and the rows answered.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, paths, clients, token } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const headers = { 'accept-language': 'ru', authorization: `Bearer ${token}` };

function get(path) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (res.statusCode !== 200) return reject(new Error(`${path}: HTTP ${res.statusCode}`));
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          resolve({ ms, total: body.totalCount });
        });
      })
      .on('error', reject);
  });
}

let next = 0;
const latencies = new Array(paths.length);
const totals = new Array(paths.length);
async function client() {
  for (;;) {
    const i = next++;
    if (i >= paths.length) return;
    const r = await get(paths[i]);
    latencies[i] = r.ms;
    totals[i] = r.total;
  }
}
const started = process.hrtime.bigint();
await Promise.all(Array.from({ length: clients }, client));
const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
agent.destroy();
parentPort.postMessage({ latencies, totals, wallMs });

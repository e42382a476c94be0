import http from 'node:http';
import { METRICS_PATH } from './plugin';
import type { Metrics } from './registry';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: /metrics on a port of its own (METRICS_HOST, default 127.0.0.1), for a Prometheus on
 * the private network; the public port then does not serve it. Anything else there is a 404.
 */
export function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== METRICS_PATH) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(503, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}${METRICS_PATH}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

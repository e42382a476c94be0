// A webhook receiver for the instances walk (scripts/ops/instances.ts, step 6): answers every request
// after `delayMs`, so each instance has requests in flight at any moment of a write load, and keeps
// what arrived; `verified` checks each with the Standard Webhooks reference library.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

interface Arrival {
  body: string;
  headers: Record<string, string>;
}

export async function startWebhookReceiver(port: number, delayMs: number) {
  const arrivals: Arrival[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      arrivals.push({ body, headers: request.headers as Record<string, string> });
      setTimeout(() => response.writeHead(204).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    /** The document ids of the document.create events that arrived (at least once). */
    created: () =>
      new Set(
        arrivals
          .map((a) => JSON.parse(a.body) as { type: string; data: { documentId: string } })
          .filter((p) => p.type === 'document.create')
          .map((p) => p.data.documentId),
      ),
    count: () => arrivals.length,
    /** How many arrivals verify with `secret` (signature, id, timestamp). */
    verified(secret: string) {
      const verifier = new Webhook(secret);
      return arrivals.filter((a) => {
        try {
          verifier.verify(a.body, a.headers);
          return true;
        } catch {
          return false;
        }
      }).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

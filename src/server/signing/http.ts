// A minimal HTTP client for E-IMZO-Server: raw text bodies, JSON answers, and the Host / X-Real-IP
// headers it expects (fetch cannot set Host).
import http from 'node:http';
import https from 'node:https';

export interface RawResponse {
  status: number;
  body: string;
}

export function request(
  url: URL,
  options: { method: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; timeoutMs: number },
): Promise<RawResponse> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method,
        headers: {
          accept: 'application/json',
          ...(options.body !== undefined
            ? {
                'content-type': 'application/octet-stream',
                'content-length': Buffer.byteLength(options.body),
              }
            : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

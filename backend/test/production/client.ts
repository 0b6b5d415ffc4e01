import { request as httpRequest } from 'node:http';

export interface ClientResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.0/8 is all loopback on Linux), so a
 * test can play several clients behind the proxy. A connection error rejects: a cut request.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ClientResponse> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(path, url),
      {
        method,
        localAddress,
        agent: false,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
          : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: Record<string, unknown>;
          try {
            parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            parsed = { text };
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

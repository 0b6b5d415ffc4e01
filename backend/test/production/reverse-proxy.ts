import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReverseProxy {
  url: string;
  /** Requests answered by each upstream, by its URL. */
  served: Map<string, number>;
  /** Requests sent to an upstream that cut the connection, then tried on the next one. */
  retriedAfterReset: number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

/**
 * What deploy/nginx.conf does, in a few lines of Node: round-robin over the upstreams, over
 * connections kept open between requests (up to 64 idle ones, each closed after 4 s idle: the
 * upstream's keepalive and keepalive_timeout), X-Forwarded-For set to the
 * client's address, and a failed request tried on the next upstream (proxy_next_upstream error):
 * a connection that could not be made, always; one that failed after the request was sent (a
 * reset), for GET and HEAD, and for the POSTs nginx.conf marks non_idempotent because a retry is
 * answered once (the registration, which gets an Idempotency-Key when it has none, and the
 * webhook). `resets` counts the failures after sending that were retried.
 */
const REPLAYED_POSTS = new Set(['/api/create-checkout-session', '/api/payments/webhook']);

export async function startReverseProxy(upstreams: string[]): Promise<ReverseProxy> {
  const served = new Map(upstreams.map((upstream) => [upstream, 0]));
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 64, timeout: 4000 });
  const counters = { retriedAfterReset: 0 };
  let requestIds = 0;
  // max_fails=1 fail_timeout=5s: an upstream that refused a connection is skipped for a while.
  const downUntil = new Map<string, number>();
  let next = 0;
  const pick = (tried: Set<string>): string => {
    for (let step = 0; step < upstreams.length; step += 1) {
      const candidate = upstreams[next++ % upstreams.length];
      if (!tried.has(candidate) && (downUntil.get(candidate) ?? 0) <= Date.now()) return candidate;
    }
    // Everything is down or tried: nginx then tries the servers anyway.
    return (
      upstreams.find((upstream) => !tried.has(upstream)) ?? upstreams[next++ % upstreams.length]
    );
  };

  const forward = (
    incoming: IncomingMessage,
    body: Buffer,
    tried: Set<string>,
    reply: (upstream: string, response: IncomingMessage) => void,
    fail: (error: Error) => void,
  ) => {
    const upstream = pick(tried);
    tried.add(upstream);
    const target = new URL(incoming.url ?? '/', upstream);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers['x-forwarded-for'] = incoming.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    headers['content-length'] = String(body.length);
    const path = target.pathname;
    const replayable =
      incoming.method === 'GET' ||
      incoming.method === 'HEAD' ||
      (incoming.method === 'POST' && REPLAYED_POSTS.has(path));
    if (incoming.method === 'POST' && path === '/api/create-checkout-session') {
      // map $http_idempotency_key $idempotency_key { '' $request_id; ... }
      (incoming.headers as Record<string, string>)['idempotency-key'] ??= `proxy-${++requestIds}`;
      headers['idempotency-key'] = incoming.headers['idempotency-key']!;
    }
    const outgoing = httpRequest(target, { method: incoming.method, headers, agent }, (response) =>
      reply(upstream, response),
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // max_fails=1: an upstream that failed is skipped for a while.
      downUntil.set(upstream, Date.now() + 5000);
      const notSent = error.code === 'ECONNREFUSED';
      if ((notSent || replayable) && tried.size < upstreams.length) {
        if (!notSent) counters.retriedAfterReset += 1;
        forward(incoming, body, tried, reply, fail);
      } else {
        fail(error);
      }
    });
    outgoing.end(body);
  };

  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      forward(
        incoming,
        Buffer.concat(chunks),
        new Set(),
        (upstream, response) => {
          served.set(upstream, (served.get(upstream) ?? 0) + 1);
          const headers: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
          }
          outgoing.writeHead(response.statusCode ?? 502, headers);
          response.pipe(outgoing);
        },
        (error) => {
          outgoing.writeHead(502, { 'content-type': 'application/json' });
          outgoing.end(
            JSON.stringify({
              statusCode: 502,
              code: 'bad-gateway',
              message: error.message,
              errors: [],
            }),
          );
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    get retriedAfterReset() {
      return counters.retriedAfterReset;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

import { Agent, request as httpRequest } from 'node:http';
import autocannon from 'autocannon';

/**
 * A small closed-loop load generator: `connections` keep-alive sockets, each sending its next
 * request as soon as the previous answer is in. The same code drives the app and every baseline.
 */
export interface LoadOptions {
  /** The servers to spread requests over, round robin (e.g. two app processes). */
  urls: string[];
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** A body for the n-th request (POST). */
  body?: (n: number) => unknown;
  /** Headers of the n-th request (e.g. the client address a trusted proxy would name). */
  headers?: (n: number) => Record<string, string>;
  /** Stop after this many requests, or after durationMs, whichever is set. */
  requests?: number;
  durationMs?: number;
  /**
   * Connections opened beforehand (openConnections()), one agent per url, to use instead of
   * opening new ones: a run then measures requests, not connection set-up.
   */
  agents?: Agent[];
}

/**
 * `connections` keep-alive connections spread over `urls`, opened and proven with one GET of
 * `path` each, all at once, as open pages polling the server have them. Close them with
 * closeConnections().
 */
export async function openConnections(
  urls: string[],
  connections: number,
  path: string,
): Promise<Agent[]> {
  const agents = urls.map(
    () =>
      new Agent({
        keepAlive: true,
        keepAliveMsecs: 30_000,
        maxSockets: Math.ceil(connections / urls.length),
        maxFreeSockets: connections,
      }),
  );
  await runLoad({ urls, method: 'GET', path, connections, requests: connections, agents });
  const open = agents.reduce(
    (sum, agent) => sum + Object.values(agent.freeSockets).flat().length,
    0,
  );
  if (open < connections) {
    throw new Error(`Only ${open} of ${connections} connections stayed open after warming up`);
  }
  return agents;
}

export function closeConnections(agents: Agent[]): void {
  for (const agent of agents) agent.destroy();
}

export interface LoadResult {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  elapsedMs: number;
  latenciesMs: number[];
  /** When each answer's request was sent, in ms after the start, in the order of latenciesMs. */
  sentAtMs: number[];
  bodies: string[];
}

export async function runLoad(options: LoadOptions, keepBodies = false): Promise<LoadResult> {
  const agents =
    options.agents ??
    options.urls.map(
      () =>
        new Agent({
          keepAlive: true,
          maxSockets: Math.ceil(options.connections / options.urls.length),
        }),
    );
  const targets = options.urls.map((url) => new URL(url));
  const latencies: number[] = [];
  const sentAt: number[] = [];
  const statuses: Record<string, number> = {};
  const bodies: string[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = options.durationMs ? started + options.durationMs : Infinity;
  const more = () =>
    (options.requests === undefined || issued < options.requests) && performance.now() < deadline;

  const one = (n: number): Promise<void> =>
    new Promise((resolve) => {
      const index = n % targets.length;
      const target = targets[index];
      const payload = options.body ? JSON.stringify(options.body(n)) : undefined;
      const sent = performance.now();
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: options.method,
          path: options.path,
          agent: agents[index],
          headers: {
            ...options.headers?.(n),
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            latencies.push(performance.now() - sent);
            sentAt.push(sent - started);
            const status = res.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status < 200 || status >= 300) errors += 1;
            if (keepBodies) bodies.push(Buffer.concat(chunks).toString('utf8'));
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        statuses.network = (statuses.network ?? 0) + 1;
        resolve();
      });
      req.end(payload);
    });

  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (more()) {
        const n = issued;
        issued += 1;
        await one(n);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  if (!options.agents) closeConnections(agents);
  return {
    requests: latencies.length + (statuses.network ?? 0),
    errors,
    statuses,
    elapsedMs,
    latenciesMs: latencies,
    sentAtMs: sentAt,
    bodies,
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `work` on `writers` concurrent loops for durationMs; returns operations per second. */
export async function runWriters(
  writers: number,
  durationMs: number,
  work: (writer: number, n: number) => Promise<void>,
): Promise<{ operations: number; perSecond: number }> {
  let operations = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let n = 0;
      while (performance.now() < deadline) {
        await work(writer, n);
        n += 1;
        operations += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { operations, perSecond: operations / seconds };
}

export interface CannonOptions {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Stop after this many requests, or after durationMs. */
  requests?: number;
  durationMs?: number;
  /** The body of the n-th request (POST), n counted across every cannon() of the process. */
  body?: (n: number) => unknown;
  /** Headers of the n-th request. */
  headers?: (n: number) => Record<string, string>;
}

export interface CannonResult {
  requests: number;
  /** Answers outside 2xx, plus connection errors and timeouts. */
  errors: number;
  statuses: Record<string, number>;
  /**
   * From the start to the last answer. (autocannon itself reports only on its next 1-second
   * tick after the last answer, up to a second with nothing sent that a rate must not count.)
   */
  elapsedMs: number;
  /** performance.now() at the last answer (at the report when nothing was answered). */
  lastAnswerAt: number;
  /** Each answer's latency, in the order the answers came. */
  latenciesMs: number[];
  /** When each answer's request was sent, in ms after the start, in the order of latenciesMs. */
  sentAtMs: number[];
}

let cannonRequests = 0;

/**
 * autocannon (its own HTTP client, much lighter than node:http's): `connections` keep-alive
 * connections, opened all at once as the run starts, each sending its next request as soon as
 * the previous answer is in. Every request's latency is kept, so that runs on several servers
 * can be merged into one distribution.
 */
export async function cannon(options: CannonOptions): Promise<CannonResult> {
  const latencies: number[] = [];
  const sentAt: number[] = [];
  const started = performance.now();
  let finished: (error: unknown, result: autocannon.Result) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = (error, result) => (error ? reject(error) : resolve(result));
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      ...(options.requests !== undefined ? { amount: options.requests } : {}),
      ...(options.durationMs !== undefined ? { duration: options.durationMs / 1000 } : {}),
      timeout: 30,
      requests: [
        {
          method: options.method,
          path: options.path,
          setupRequest: (request) => {
            const n = cannonRequests;
            cannonRequests += 1;
            const payload = options.body ? JSON.stringify(options.body(n)) : undefined;
            return {
              ...request,
              headers: {
                ...options.headers?.(n),
                ...(payload ? { 'content-type': 'application/json' } : {}),
              },
              body: payload,
            };
          },
        },
      ],
    },
    (error, result) => finished(error, result),
  );
  let lastAnswerAt = started;
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    const now = performance.now();
    lastAnswerAt = now;
    latencies.push(responseTime);
    sentAt.push(now - responseTime - started);
  });
  const result = await done;
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = Number(count);
  }
  if (result.errors > 0) statuses.network = result.errors;
  if (latencies.length === 0) lastAnswerAt = performance.now();
  return {
    requests: latencies.length + result.errors,
    errors: result.non2xx + result.errors,
    statuses,
    elapsedMs: lastAnswerAt - started,
    lastAnswerAt,
    latenciesMs: latencies,
    sentAtMs: sentAt,
  };
}

/** Runs of cannon() side by side (e.g. one per app process), merged into one result. */
export async function cannonAll(runs: CannonOptions[]): Promise<CannonResult> {
  const started = performance.now();
  const results = await Promise.all(runs.map((run) => cannon(run)));
  const statuses: Record<string, number> = {};
  for (const result of results) {
    for (const [status, count] of Object.entries(result.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  return {
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    statuses,
    elapsedMs: Math.max(...results.map((result) => result.lastAnswerAt)) - started,
    lastAnswerAt: Math.max(...results.map((result) => result.lastAnswerAt)),
    latenciesMs: results.flatMap((result) => result.latenciesMs),
    sentAtMs: results.flatMap((result) => result.sentAtMs),
  };
}

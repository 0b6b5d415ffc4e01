import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import * as path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startServerProcess, type ServerProcess } from '../server-process';
import { A_DREAM, OPEN_SLOT } from '../http';
import { adminCookie } from './support';

/**
 * At least FUZZ_REQUESTS requests over every operation of openapi/openapi.json, built from the
 * operation's schemas and then broken: wrong types, missing and extra fields, huge and empty
 * strings, control characters, malformed JSON, wrong content types, broken path parameters.
 * Sent one at a time to a real server process: no answer may be a 5xx, the process must stay
 * up, and no refused request may change the log (events count and last position).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? '5000');
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const ADMIN_PASSWORD = 'fuzz-admin-password';

interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string; schema: Schema }[];
  body?: Schema;
  admin: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema: Schema }> };
        security?: unknown[];
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

const document = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', '..', 'openapi', 'openapi.json'), 'utf8'),
) as OpenApi;

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  return resolve(document.components.schemas[schema.$ref.split('/').pop()!]);
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path: route,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content['application/json']?.schema,
    admin: (operation.security ?? []).length > 0 || route.startsWith('/api/admin/'),
  })),
);

/** A small seeded generator, so that a failure can be replayed with FUZZ_SEED. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
const chance = (p: number): boolean => next() < p;

const GOOD_STRINGS: Record<string, () => string> = {
  email: () => `fuzz.${Math.floor(next() * 1e9)}@example.com`,
  event: () => 'bucharest',
  time: () => OPEN_SLOT,
  dream: () => A_DREAM,
  name: () => 'Ana Popescu',
  whatsapp: () => '+40 712 345 678',
  password: () => (chance(0.1) ? ADMIN_PASSWORD : 'not-the-password'),
};

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n\r\nHTTP/1.1 200 OK',
  '"; DROP TABLE events; --',
  "' OR 1=1 --",
  '{"$gt": ""}',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '\ud800',
  '😀'.repeat(300),
  'x'.repeat(10_000),
  'y'.repeat(120_000),
  '<script>alert(1)</script>',
  'null',
  '0',
  '-1',
  '1e309',
  '\u202e\u200b\ufeff',
];

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER,
  [],
  [1, 2],
  {},
  { nested: { deeper: [null] } },
  ...WEIRD_STRINGS,
];

function validValue(name: string, schema: Schema): unknown {
  const resolved = resolve(schema);
  if (resolved.enum) return pick(resolved.enum);
  switch (resolved.type) {
    case 'boolean':
      return chance(0.5);
    case 'number':
    case 'integer':
      return Math.floor((resolved.minimum ?? 0) + next() * 10);
    case 'object':
      return validObject(resolved);
    case 'array':
      return resolved.items ? [validValue(name, resolved.items)] : [];
    default:
      return GOOD_STRINGS[name]?.() ?? resolved.example ?? 'text';
  }
}

function validObject(schema: Schema): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    body[name] = validValue(name, property);
  }
  return body;
}

/** A body built from the schema, then (usually) broken in one or several ways. */
function fuzzBody(schema: Schema | undefined): { raw: string; contentType: string } {
  const resolved = schema ? resolve(schema) : { type: 'object', properties: {} };
  const body: Record<string, unknown> = validObject(resolved);
  const names = Object.keys(resolved.properties ?? {});
  const mutations = chance(0.1) ? 0 : 1 + Math.floor(next() * 3);
  for (let index = 0; index < mutations; index += 1) {
    const name = names.length > 0 ? pick(names) : 'field';
    switch (pick(['type', 'missing', 'extra', 'weird', 'weird', 'case'] as const)) {
      case 'type':
        body[name] = pick(WEIRD_VALUES);
        break;
      case 'missing':
        delete body[name];
        break;
      case 'extra':
        body[pick(['isAdmin', '__proto__x', 'status', 'registrationId', 'constructor'])] =
          pick(WEIRD_VALUES);
        break;
      case 'weird':
        body[name] = pick(WEIRD_STRINGS);
        break;
      case 'case':
        body[name.toUpperCase()] = body[name];
        delete body[name];
        break;
    }
  }
  let raw = JSON.stringify(body);
  let contentType = 'application/json';
  switch (pick(['json', 'json', 'json', 'json', 'malformed', 'type', 'array', 'scalar'] as const)) {
    case 'malformed':
      raw = pick([
        raw.slice(0, Math.max(1, Math.floor(raw.length / 2))),
        `${raw},`,
        raw.replace(/"/g, "'"),
        '{"a":',
        '{',
        '\u0000',
        '{"dream": "\\ud800"}',
        '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
        '',
      ]);
      break;
    case 'type':
      contentType = pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/octet-stream',
        '',
      ]);
      if (contentType === 'application/x-www-form-urlencoded') {
        raw = new URLSearchParams(body as Record<string, string>).toString();
      }
      break;
    case 'array':
      raw = JSON.stringify([body]);
      break;
    case 'scalar':
      raw = JSON.stringify(pick(WEIRD_VALUES));
      break;
    default:
      break;
  }
  return { raw, contentType };
}

function fuzzPath(operation: Operation, ids: string[]): string {
  return operation.path.replace(/\{(\w+)\}/g, () =>
    encodeURIComponent(
      chance(0.4) && ids.length > 0
        ? pick(ids)
        : pick([
            '00000000-0000-0000-0000-000000000000',
            'not-a-uuid',
            '1',
            '-1',
            ' ',
            '%',
            'a'.repeat(5000),
            '😀',
            '../admin',
            'null',
            '\u0000',
            crypto.randomUUID(),
          ]),
    ),
  );
}

function fuzzQuery(operation: Operation): string {
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  if (query.length === 0 && chance(0.8)) return '';
  const params = new URLSearchParams();
  for (const parameter of query) {
    if (chance(0.3)) continue;
    // Kept under Node's header limit (16 kB): past it Node itself answers 431, before the app.
    params.set(
      parameter.name,
      String(pick([...WEIRD_VALUES, 0, 1, 10, 1000, 1001])).slice(0, 4000),
    );
  }
  if (chance(0.2)) params.set('unexpected', pick(WEIRD_STRINGS).slice(0, 100));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * One request on a connection of its own: a server that refuses a body early (413) closes
 * that connection, and a pooled client would then see the next request fail on it.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        agent: false,
        timeout: 10_000,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        // An event stream stays open: its status and headers are the answer.
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          resolve({ status: response.statusCode ?? 0, text: '' });
          request.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
    request.end(body);
  });
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      ADMIN_PASSWORD,
      WORKERS: 'false',
      REGISTRATION_RATE_LIMIT: '0',
      LOG_LEVEL: 'error',
    });
    client = new Client({ connectionString: database.url });
    await client.connect();
  }, 90_000);

  afterAll(async () => {
    await client?.end();
    await server?.stop();
    await database?.drop();
  });

  it(`answers ${REQUESTS} broken requests without a 5xx and without a write when refusing (seed ${SEED})`, async () => {
    const cookie = await adminCookie(server.url, ADMIN_PASSWORD);
    const ids: string[] = [];
    const failures: string[] = [];
    const answered = new Map<string, Set<number>>();
    const logState = async () =>
      (
        await client.query<{ count: string; last: string | null; keys: string }>(
          `SELECT count(*) AS count, max(global_position) AS last,
                  (SELECT count(*) FROM personal_data_keys) AS keys FROM events`,
        )
      ).rows[0];

    let state = await logState();
    for (let index = 0; index < REQUESTS; index += 1) {
      // Every operation in turn, so each gets its share; the breakage is random.
      const operation = operations[index % operations.length];
      const headers: Record<string, string> = {};
      if (operation.admin && chance(0.7))
        headers.cookie = pick([cookie, cookie, 'admin_session=forged', 'admin_session=']);
      // A real logout would end the session the other requests use.
      if (operation.path === '/api/admin/logout') delete headers.cookie;
      if (operation.parameters.some((parameter) => parameter.in === 'header')) {
        if (chance(0.8))
          headers['stripe-signature'] = pick([
            `t=${Date.now()},v1=${'0'.repeat(64)}`,
            '',
            'garbage',
            'x'.repeat(5000),
          ]);
      }
      if (chance(0.05)) headers.origin = 'https://evil.example';
      let bodyText: string | undefined;
      if (operation.method !== 'GET' && operation.method !== 'DELETE') {
        if (operation.body || chance(0.5)) {
          const { raw, contentType } = fuzzBody(operation.body);
          bodyText = raw;
          if (contentType) headers['content-type'] = contentType;
        }
      }
      const url = `${server.url}${fuzzPath(operation, ids)}${fuzzQuery(operation)}`;
      // Requests go one at a time and the server runs no workers: the state after one request
      // is the state before the next.
      const before = state;
      let status: number;
      let text: string;
      try {
        ({ status, text } = await send(url, operation.method, headers, bodyText));
      } catch (error) {
        failures.push(
          `${operation.method} ${url.slice(0, 200)} ${JSON.stringify(headers)} ${bodyText?.slice(0, 200)}: no answer (${String(error)})\n${server.output().slice(-2000)}`,
        );
        if (server.child.exitCode !== null) break;
        state = await logState();
        continue;
      }
      const key = `${operation.method} ${operation.path}`;
      state = await logState();
      answered.set(key, (answered.get(key) ?? new Set()).add(status));
      if (status >= 500) {
        failures.push(
          `${operation.method} ${url.slice(0, 300)} ${JSON.stringify(headers)} ${bodyText?.slice(0, 3000)}: ${status} ${text.slice(0, 300)}`,
        );
      }
      if (status >= 400) {
        if (JSON.stringify(state) !== JSON.stringify(before)) {
          failures.push(
            `${operation.method} ${url.slice(0, 200)}: refused with ${status} but the log changed`,
          );
        }
        if (status < 500 && !text.startsWith('{')) {
          // Every refusal is in the API's JSON shape.
          failures.push(
            `${operation.method} ${url.slice(0, 200)}: ${status} is not JSON: ${text.slice(0, 100)}`,
          );
        }
      } else if (operation.path === '/api/create-checkout-session') {
        const id = (JSON.parse(text) as { registrationId?: string }).registrationId;
        if (id) ids.push(id);
      }
      if (failures.length > 20) break;
    }

    expect(failures).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/capacity`)).status).toBe(200);
    // Every operation was exercised, and the valid part of the traffic did get through.
    expect([...answered.keys()].sort()).toEqual(
      operations.map((operation) => `${operation.method} ${operation.path}`).sort(),
    );
    expect(ids.length).toBeGreaterThan(0);
  }, 900_000);
});

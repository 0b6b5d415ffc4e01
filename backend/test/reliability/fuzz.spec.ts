import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startServerProcess, type ServerProcess } from '../server-process';
import { A_DREAM, OPEN_SLOT, registrationBody } from '../http';
import { contractViolation, OPENAPI_FILE } from '../openapi-contract';
import { login } from '../admin/admin-client';
import { readFileSync } from 'node:fs';
import { generate } from 'otplib';
import { signLinkToken } from '../../src/notifications/visitor-links';

/**
 * A property-based fuzz of every operation of openapi/openapi.json (fast-check). Each request is
 * derived from its operation's schemas (body fields, query and path parameters), then broken or
 * not: wrong types, missing and unknown fields, boundary numbers, impossible dates and time zones,
 * very long, invisible and right-to-left text, deep nesting, wide objects, duplicate keys,
 * malformed JSON, bytes that are not UTF-8, wrong content types; and every path, query and header
 * parameter broken against its own schema (past its maxLength, maxItems or maximum, invisible or
 * right-to-left characters inside a value it takes, bytes that decode to no UTF-8), the sandbox
 * checkout's path too, which the document leaves out; sent with each kind of session.
 * Sent one at a time to a real server process, every answer must be one the document declares
 * (status, content type, body schema), none a 5xx, a request with a parameter off its rule must
 * be refused, and a refused request must leave the event log as it was. A failure names the
 * shrunk request to replay, and the seed (FUZZ_SEED) and path that reach it again. `make test`
 * runs FUZZ_REQUESTS (3,000) with a fixed seed; `make soak` 20,000 with a random one. The
 * routes that take a registration's id or a checkout session are sent real ones from the start: one
 * well-formed registration is made before the property, so they do not depend on the generator's
 * luck in getting a registration through among dozens of operations. Each request
 * has a deadline and the property a budget (shrinking included): a server that stops answering
 * fails the test within it instead of holding it.
 */
const SOAK = process.env.SOAK === '1';
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (SOAK ? '20000' : '3000'));
const SEED = Number(process.env.FUZZ_SEED ?? (SOAK ? String(Date.now() % 2_147_483_647) : '2026'));
const ADMIN_PASSWORD = 'fuzz-admin-password';
/** The longest a request may take, from sending to its answer's last byte. */
const REQUEST_DEADLINE_MS = 10_000;
/** The longest the whole property may take, shrinking included. */
const BUDGET_MS = SOAK ? 30 * 60_000 : 5 * 60_000;

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  example?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApi;

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  return resolve(document.components.schemas[schema.$ref.split('/').pop()!]);
}

/** A parameter's schema as another operation of the document declares it. */
function parameterSchema(route: string, name: string): Schema {
  const parameters = Object.values(document.paths[route]).flatMap((item) => item.parameters ?? []);
  return parameters.find((parameter) => parameter.name === name)!.schema;
}

const OPERATIONS: Operation[] = [
  ...Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path: route,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  ),
  // The sandbox's card page: a route of the site, not of the API document.
  ...['GET', 'POST'].map((method) => ({
    method,
    path: '/sandbox/checkout/{sessionId}',
    parameters: [
      {
        in: 'path' as const,
        name: 'sessionId',
        schema: parameterSchema('/api/checkout-sessions/{sessionId}/registration', 'sessionId'),
      },
    ],
  })),
];

/**
 * The sessions a request is sent with: the owner's (the password), a door operator's (with an
 * authenticator app), an operator who joined and has no second factor yet, and none.
 */
const SESSIONS = ['owner', 'door', 'joining', 'none', 'forged', 'empty'] as const;
type SessionName = (typeof SESSIONS)[number];

/** Values the tests' tour and rules take, by field name, so that valid traffic gets through. */
const GOOD_STRINGS: Record<string, fc.Arbitrary<string>> = {
  email: fc.uuid().map((id) => `fuzz.${id.slice(0, 8)}@example.com`),
  event: fc.constant('bucharest'),
  time: fc.constant(OPEN_SLOT),
  dream: fc.constant(A_DREAM),
  name: fc.constantFrom('Ana Popescu', 'Ștefan Munteanu', 'Giulia Rossi'),
  whatsapp: fc.constant('+40 712 345 678'),
  password: fc.constantFrom(ADMIN_PASSWORD, 'not-the-password'),
  slug: fc.stringMatching(/^[a-z]{3,12}$/),
  city: fc.constant('Cluj-Napoca'),
  venue: fc.constant('Fabrica de Pensule'),
  date: fc.constantFrom('2031-03-12', '2032-02-29'),
  startsAt: fc.constantFrom('2031-03-12T19:30:00+02:00', '2031-03-13T20:00:00Z'),
  timeZone: fc.constantFrom('Europe/Bucharest', 'Europe/Rome'),
  token: fc.constantFrom('not-a-token', 'eyJ0eXAiOiJ0b2tlbiJ9.e30.AAAA'),
};

const IMPOSSIBLE_DATES = [
  '2027-13-45',
  '2027-02-30',
  '2027-02-29',
  '0000-00-00',
  '2027-1-5',
  '9999-99-99',
  '2027-02-31T19:30:00+02:00',
  '2027-13-45T19:30:00+02:00',
  '2027-06-01T25:61:00+02:00',
  '2027-06-01T19:30:00+25:00',
  '2027-06-01T19:30:00',
  '+275760-09-13T00:00:00Z',
];

const IMPOSSIBLE_TIME_ZONES = [
  'Mars/Olympus',
  'europe/bucharest',
  'EUROPE/BUCHAREST',
  'UTC+25',
  'Etc/GMT+99',
  '../../etc/localtime',
  '',
];

const ODD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\r\n\r\nHTTP/1.1 200 OK',
  '"; DROP TABLE events; --',
  '{"$gt": ""}',
  '../../etc/passwd',
  '%00%2e%2e%2f',
  '\ud800',
  '<script>alert(1)</script>',
  'null',
  '1e309',
  // Invisible, right-to-left, decomposed and swollen text.
  '\u202e\u200b\ufeff',
  '\u200b'.repeat(100),
  '\u00ad\u2060\u3164\u2800',
  `Ana${'\u200b'.repeat(200)}`,
  '\u202eanaP anA',
  'مرحبا بالعالم',
  'S\u0327tefa\u0306nescu',
  `b${'\u0301'.repeat(20_000)}`,
  'line\u2028separator',
  '👍🏽'.repeat(101),
  '😀'.repeat(300),
  'x'.repeat(10_000),
  'y'.repeat(120_000),
];

const BOUNDARY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
];

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], [1, 2], {}, { nested: { deeper: [null] } }),
  fc.constantFrom(...BOUNDARY_NUMBERS),
  fc.constantFrom(...IMPOSSIBLE_DATES),
  fc.constantFrom(...IMPOSSIBLE_TIME_ZONES),
  fc.constantFrom(...ODD_TEXT),
  fc.string({ unit: 'binary', maxLength: 50 }),
);

function goodValue(name: string, schema: Schema): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  switch (resolved.type) {
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'integer': {
      const min = resolved.minimum ?? 0;
      return fc.integer({ min, max: resolved.maximum ?? min + 100 });
    }
    case 'object':
      return goodObject(resolved);
    case 'array': {
      const items = resolved.items ? goodValue(name, resolved.items) : fc.constant('text');
      return fc.array(items, {
        minLength: resolved.minItems ?? 0,
        maxLength: resolved.maxItems ?? 3,
      });
    }
    default:
      return (
        GOOD_STRINGS[name] ??
        (typeof resolved.example === 'string'
          ? fc.constant(resolved.example)
          : fc.string({ minLength: 1, maxLength: Math.min(resolved.maxLength ?? 40, 40) }))
      );
  }
}

function goodObject(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, goodValue(name, property)]),
  );
  return fc.record(record, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** How the body's fields are broken, if they are. */
type FieldMutation =
  | { kind: 'none' }
  | { kind: 'wrong'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'unknown'; field: string; value: unknown }
  | { kind: 'case'; field: string };

/** How the body is sent, if not as the plain JSON of its fields. */
type Encoding =
  | { kind: 'json' }
  | { kind: 'duplicate-key'; field: string; value: unknown }
  | { kind: 'deep'; depth: number; shape: 'array' | 'object' | 'field' }
  | { kind: 'wide'; keys: number }
  | { kind: 'malformed'; text: string }
  | { kind: 'bytes'; at: number; bytes: readonly number[] }
  | { kind: 'content-type'; contentType: string }
  | { kind: 'array' }
  | { kind: 'scalar'; value: unknown };

function fieldMutation(names: string[]): fc.Arbitrary<FieldMutation> {
  const field = names.length > 0 ? fc.constantFrom(...names) : fc.constant('field');
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<FieldMutation>({ kind: 'none' }) },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('wrong' as const), field, value: badValue }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('missing' as const), field }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('unknown' as const),
        field: fc.constantFrom('isAdmin', '__proto__', 'status', 'registrationId', 'constructor'),
        value: badValue,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('case' as const), field }) },
  );
}

function encoding(names: string[]): fc.Arbitrary<Encoding> {
  const field = names.length > 0 ? fc.constantFrom(...names) : fc.constant('field');
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<Encoding>({ kind: 'json' }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('duplicate-key' as const),
        field,
        value: badValue,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        depth: fc.constantFrom(33, 1_000, 10_000, 40_000),
        shape: fc.constantFrom('array' as const, 'object' as const, 'field' as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('wide' as const),
        keys: fc.constantFrom(1_001, 5_000),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('malformed' as const),
        text: fc.constantFrom(
          '{"a":',
          '{',
          '\u0000',
          '{"dream": "\\ud800"}',
          '',
          "{'a': 1}",
          '[,]',
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('bytes' as const),
        at: fc.nat(),
        bytes: fc.constantFrom([0xff], [0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80]),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('content-type' as const),
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/octet-stream',
          '',
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant<Encoding>({ kind: 'array' }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('scalar' as const), value: badValue }) },
  );
}

/**
 * A parameter's value broken the ways its schema says it must not be: longer than its maxLength
 * (more items than maxItems, above its maximum), invisible or right-to-left text inside a value it
 * takes, or bytes that decode to no UTF-8 (sent percent-encoded as they are).
 */
type BrokenValue =
  | { kind: 'over-long'; extra: number }
  | { kind: 'invisible' | 'turned'; mark: string; at: number }
  | { kind: 'raw'; value: string };

const UNDECODABLE = ['%FF', '%C0%AF', '%ED%A0%80', '%E2%80', '%', 'a%2', '%FE%FF'];

function brokenValue(schema: Schema, undecodable: boolean): fc.Arbitrary<BrokenValue> {
  const resolved = resolve(schema);
  const ways: fc.Arbitrary<BrokenValue>[] = [];
  if (
    resolved.maxLength !== undefined ||
    resolved.maxItems !== undefined ||
    resolved.maximum !== undefined
  ) {
    ways.push(fc.record({ kind: fc.constant('over-long' as const), extra: fc.nat(40) }));
  }
  if (resolved.type === 'string' && !resolved.enum) {
    ways.push(
      fc.record({
        kind: fc.constant('invisible' as const),
        mark: fc.constantFrom('\u200b', '\u2060', '\u00ad', '\ufeff', '\u3164', '\u2028'),
        at: fc.nat(),
      }),
      fc.record({
        kind: fc.constant('turned' as const),
        mark: fc.constantFrom('\u202e', '\u2067', '\u200f', '\u061c'),
        at: fc.nat(),
      }),
    );
  }
  if (undecodable) {
    ways.push(
      fc.record({ kind: fc.constant('raw' as const), value: fc.constantFrom(...UNDECODABLE) }),
    );
  }
  return ways.length > 0 ? fc.oneof(...ways) : fc.constant({ kind: 'raw', value: '%FF' });
}

/** The broken value itself, made from a value the parameter takes. */
function breakValue(schema: Schema, good: unknown, broken: BrokenValue): unknown {
  const resolved = resolve(schema);
  switch (broken.kind) {
    case 'raw':
      return broken.value;
    case 'over-long':
      if (resolved.type === 'array') {
        return Array.from({ length: (resolved.maxItems ?? 0) + 1 + broken.extra }, () => 'C');
      }
      if (resolved.type === 'integer' || resolved.type === 'number') {
        return (resolved.maximum ?? 0) + 1 + broken.extra;
      }
      return 'a'.repeat((resolved.maxLength ?? 0) + 1 + broken.extra);
    default: {
      const text = typeof good === 'string' ? good : 'value';
      const at = broken.at % (text.length + 1);
      return `${text.slice(0, at)}${broken.mark}${text.slice(at)}`;
    }
  }
}

/** A path parameter: a value seen in an answer (by its index), a plain one, raw bytes, or broken. */
type PathValue =
  | { kind: 'known'; index: number }
  | { kind: 'plain' | 'raw'; value: string }
  | { kind: 'broken'; broken: BrokenValue };

function pathValue(parameter: Parameter): fc.Arbitrary<PathValue> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('known' as const), index: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('plain' as const),
        value: fc.oneof(
          fc.uuid(),
          fc.constantFrom(
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
            'bucharest',
            OPEN_SLOT,
          ),
        ),
      }),
    },
    {
      weight: 1,
      // Already percent-encoded: NUL, bytes that decode to no UTF-8, a lone %, invisible text.
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        value: fc.constantFrom(
          '%00',
          'cs_sandbox_%00',
          '%FF',
          '%C0%AF',
          '%',
          '%E2%80%8B',
          '%E2%80%AE',
          '..%2F..%2F',
          '%0D%0ALocation:%20x',
        ),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('broken' as const),
        broken: brokenValue(parameter.schema, true),
      }),
    },
  );
}

/** A query parameter's value: one it takes, an odd one, or one broken against its schema. */
type QueryValue = { kind: 'value'; value: unknown } | { kind: 'broken'; broken: BrokenValue };

function queryValue(parameter: Parameter): fc.Arbitrary<QueryValue> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('value' as const),
        value: fc.oneof(goodValue(parameter.name, parameter.schema), badValue),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('broken' as const),
        broken: brokenValue(parameter.schema, true),
      }),
    },
  );
}

/**
 * A header the operation declares, broken against its schema: over-long, or invisible or
 * right-to-left text as it crosses the wire (its UTF-8 bytes, which a header carries as they are).
 * Kept under Node's header limit (16 KiB), past which the server answers 431 before the app.
 */
function headerValue(parameter: Parameter): fc.Arbitrary<BrokenValue> {
  return brokenValue(
    { ...parameter.schema, maxLength: Math.min(parameter.schema.maxLength ?? 4000, 4000) },
    false,
  );
}

interface FuzzRequest {
  operation: Operation;
  session: SessionName;
  path: Record<string, PathValue>;
  query: [string, QueryValue | null][];
  headers: Record<string, string>;
  declaredHeaders: Record<string, BrokenValue>;
  fields?: Record<string, unknown>;
  mutation: FieldMutation;
  encoding: Encoding;
}

function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const headerParameters = operation.parameters.filter(
    (p) => p.in === 'header' && p.name !== 'If-None-Match',
  );
  const body = operation.body ? resolve(operation.body) : undefined;
  const names = Object.keys(body?.properties ?? {});
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return fc.record({
    operation: fc.constant(operation),
    session: fc.constantFrom(...SESSIONS),
    path: fc.record(
      Object.fromEntries(pathParameters.map((parameter) => [parameter.name, pathValue(parameter)])),
    ),
    query: fc.tuple(
      ...queryParameters.map((parameter) =>
        fc.tuple(fc.constant(parameter.name), fc.option(queryValue(parameter), { freq: 3 })),
      ),
      fc.tuple(
        fc.constant('unexpected'),
        fc.option(
          fc.constantFrom(...ODD_TEXT).map((value): QueryValue => ({ kind: 'value', value })),
          { freq: 1 },
        ),
      ),
    ),
    headers: fc.record(
      {
        'stripe-signature': fc.constantFrom(
          `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
          '',
          'garbage',
          'x'.repeat(5000),
        ),
        'idempotency-key': fc.constantFrom('key-1', '', ' ', '\u00e9', 'k'.repeat(300)),
        'if-none-match': fc.constantFrom('"x"', '*', 'W/"1"'),
        origin: fc.constant('https://evil.example'),
      },
      { requiredKeys: [] },
    ),
    declaredHeaders: fc.record(
      Object.fromEntries(
        headerParameters.map((parameter) => [parameter.name, headerValue(parameter)]),
      ),
      { requiredKeys: [] },
    ),
    fields: hasBody && body ? goodObject(body) : fc.constant(undefined),
    mutation: hasBody ? fieldMutation(names) : fc.constant<FieldMutation>({ kind: 'none' }),
    encoding: hasBody ? encoding(names) : fc.constant<Encoding>({ kind: 'json' }),
  }) as fc.Arbitrary<FuzzRequest>;
}

/** Whether a value, as the server reads it, breaks the parameter's schema. */
function breaksSchema(schema: Schema, value: unknown): boolean {
  const resolved = resolve(schema);
  if (Array.isArray(value)) {
    if (resolved.type !== 'array') return true;
    return (
      value.length < (resolved.minItems ?? 0) ||
      value.length > (resolved.maxItems ?? Infinity) ||
      value.some((item) => resolved.items !== undefined && breaksSchema(resolved.items, item))
    );
  }
  if (resolved.type === 'array') return breaksSchema(resolved, [value]);
  const text = String(value);
  if (resolved.enum) return !resolved.enum.map(String).includes(text);
  if (resolved.type === 'integer') {
    if (!/^-?\d+$/.test(text)) return true;
    const number = Number(text);
    return number < (resolved.minimum ?? -Infinity) || number > (resolved.maximum ?? Infinity);
  }
  const length = [...text].length;
  return (
    length > (resolved.maxLength ?? Infinity) ||
    length < (resolved.minLength ?? 0) ||
    (resolved.pattern !== undefined && !new RegExp(resolved.pattern).test(text))
  );
}

const nested = (depth: number, open: string, close: string, inner = '') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

function bodyOf(request: FuzzRequest): { raw?: string | Buffer; contentType?: string } {
  if (request.fields === undefined && request.encoding.kind === 'json') return {};
  const fields: Record<string, unknown> = { ...(request.fields ?? {}) };
  const mutation = request.mutation;
  if (mutation.kind === 'wrong' || mutation.kind === 'unknown') {
    fields[mutation.field] = mutation.value;
  } else if (mutation.kind === 'missing') {
    delete fields[mutation.field];
  } else if (mutation.kind === 'case') {
    fields[mutation.field.toUpperCase()] = fields[mutation.field];
    delete fields[mutation.field];
  }
  const json = JSON.stringify(fields);
  const encoding = request.encoding;
  switch (encoding.kind) {
    case 'json':
      return { raw: json, contentType: 'application/json' };
    case 'duplicate-key':
      return {
        raw: json.replace(
          /^\{/,
          `{${JSON.stringify(encoding.field)}:${JSON.stringify(encoding.value) ?? 'null'},`,
        ),
        contentType: 'application/json',
      };
    case 'deep':
      return {
        raw:
          encoding.shape === 'array'
            ? nested(encoding.depth, '[', ']')
            : encoding.shape === 'object'
              ? nested(encoding.depth, '{"a":', '}', '1')
              : json.replace(
                  /}$/,
                  `${json === '{}' ? '' : ','}"deep":${nested(encoding.depth, '[', ']')}}`,
                ),
        contentType: 'application/json',
      };
    case 'wide': {
      const keys = Array.from({ length: encoding.keys }, (_, index) => `"k${index}":1`);
      return { raw: `{${keys.join(',')}}`, contentType: 'application/json' };
    }
    case 'malformed':
      return { raw: encoding.text, contentType: 'application/json' };
    case 'bytes': {
      const bytes = Buffer.from(json, 'utf8');
      const at = encoding.at % (bytes.length + 1);
      return {
        raw: Buffer.concat([
          bytes.subarray(0, at),
          Buffer.from(encoding.bytes),
          bytes.subarray(at),
        ]),
        contentType: 'application/json',
      };
    }
    case 'content-type':
      return {
        raw:
          encoding.contentType === 'application/x-www-form-urlencoded'
            ? new URLSearchParams(
                Object.entries(fields).map(([key, value]) => [
                  key,
                  typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
                ]),
              ).toString()
            : json,
        contentType: encoding.contentType || undefined,
      };
    case 'array':
      return { raw: JSON.stringify([fields]), contentType: 'application/json' };
    case 'scalar':
      return { raw: JSON.stringify(encoding.value) ?? 'null', contentType: 'application/json' };
  }
}

/**
 * One request on a connection of its own: a server that refuses a body early (413) closes
 * that connection, and a pooled client would then see the next request fail on it.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
): Promise<{ status: number; contentType: string | null; text: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        agent: false,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const contentType = response.headers['content-type'] ?? null;
        // An event stream stays open: its status and headers are the answer.
        if (String(contentType).startsWith('text/event-stream')) {
          resolve({ status: response.statusCode ?? 0, contentType, text: undefined });
          request.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    // A deadline on the whole exchange, not on an idle socket: a stream that keeps sending (an
    // event stream's keep-alive comments) never leaves its socket idle.
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${REQUEST_DEADLINE_MS} ms`)),
      REQUEST_DEADLINE_MS,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs the server's invitation links (CANCELLATION_TOKEN_SECRET), to join as an operator. */
const LINK_SECRET = 'fuzz-link-secret-0123456789abcdef';

async function postJson(
  baseUrl: string,
  route: string,
  body: unknown,
  cookie?: string,
): Promise<Response> {
  return fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A door operator invited by the owner and joined: the session's cookie (no second factor). */
async function joinedOperator(baseUrl: string, owner: string, client: Client): Promise<string> {
  const email = `fuzz.operator.${Math.random().toString(36).slice(2)}@example.com`;
  const invited = await postJson(
    baseUrl,
    '/api/admin/operators',
    { email, name: 'Fuzz Operator', role: 'door' },
    owner,
  );
  if (invited.status !== 201) throw new Error(`Inviting answered ${invited.status}`);
  const { id } = (await invited.json()) as { id: string };
  const { rows } = await client.query<{ invitation_id: string }>(
    'SELECT invitation_id FROM operator_view WHERE id = $1',
    [id],
  );
  const joined = await postJson(baseUrl, '/api/operators/join', {
    token: signLinkToken(LINK_SECRET, 'invitation', rows[0].invitation_id),
    name: 'Fuzz Operator',
    passphrase: 'a fuzzing operator of the door',
  });
  const cookie = joined.headers.getSetCookie().find((line) => line.startsWith('admin_session='));
  if (joined.status !== 201 || !cookie) throw new Error(`Joining answered ${joined.status}`);
  return cookie.split(';')[0];
}

async function addAuthenticatorApp(baseUrl: string, cookie: string): Promise<void> {
  const setup = await postJson(baseUrl, '/api/admin/account/totp', {}, cookie);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await postJson(
    baseUrl,
    '/api/admin/account/totp/confirmation',
    { code: await generate({ secret }) },
    cookie,
  );
  if (confirmed.status !== 200) throw new Error(`TOTP confirmation answered ${confirmed.status}`);
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
      CANCELLATION_TOKEN_SECRET: LINK_SECRET,
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

  it(`answers ${REQUESTS} generated requests as the document declares, never a 5xx, writing nothing when refusing (seed ${SEED})`, async () => {
    console.log(
      `Fuzz: ${REQUESTS} requests over ${OPERATIONS.length} operations, seed ${SEED} (replay with FUZZ_SEED=${SEED})`,
    );
    const owner = await login(server.url, ADMIN_PASSWORD);
    const joining = await joinedOperator(server.url, owner, client);
    const door = await joinedOperator(server.url, owner, client);
    await addAuthenticatorApp(server.url, door);
    const cookies: Record<SessionName, string | undefined> = {
      owner,
      door,
      joining,
      none: undefined,
      forged: 'admin_session=forged',
      empty: 'admin_session=',
    };
    const known: Record<string, string[]> = { id: [], sessionId: [] };
    const seeded = await postJson(server.url, '/api/create-checkout-session', registrationBody());
    const first = (await seeded.json()) as { registrationId?: string; url?: string };
    if (seeded.status !== 200 || !first.registrationId || !first.url) {
      throw new Error(`The well-formed registration answered ${seeded.status}`);
    }
    known.id.push(first.registrationId);
    known.sessionId.push(first.url.split('/sandbox/checkout/')[1]);
    const answered = new Map<string, Set<number>>();
    let sent = 0;
    let brokenRefused = 0;
    // The owner's stream apart: a refused owner's password is recorded there on purpose
    // (OwnerSignInFailed, OwnerLockedOut); nothing else a refusal may write.
    const logState = async () =>
      JSON.stringify(
        (
          await client.query(
            `SELECT count(*) AS count, max(global_position) AS last,
                    (SELECT count(*) FROM personal_data_keys) AS keys
               FROM events WHERE stream_id <> 'owner'`,
          )
        ).rows[0],
      );
    const ownerLogState = async () =>
      JSON.stringify(
        (
          await client.query(
            `SELECT count(*) AS count, array_agg(type ORDER BY stream_version) AS types
               FROM events WHERE stream_id = 'owner'`,
          )
        ).rows[0],
      );

    const describeRequest = (method: string, url: string, headers: object, raw: unknown) =>
      `curl -X ${method} '${url.slice(0, 500)}' -H '${JSON.stringify(headers)}' --data '${String(raw).slice(0, 500)}'`;

    const property = fc.asyncProperty(
      // Registering is drawn more often than the rest: its registrations (and payment pages)
      // feed the operations that take an id, and however many operations the document gains,
      // some of the traffic must register for real.
      fc
        .oneof(
          ...OPERATIONS.map((operation) => ({
            weight: operation.path === '/api/create-checkout-session' ? 6 : 1,
            arbitrary: fc.constant(operation),
          })),
        )
        .chain(requestFor),
      async (request) => {
        const { operation } = request;
        // The parameters sent that break the rule the document gives them, as the server reads
        // them: each must be refused.
        const broken: string[] = [];
        const parameter = (where: Parameter['in'], name: string) =>
          operation.parameters.find((item) => item.in === where && item.name === name);
        const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
          const value = request.path[name];
          const schema = parameter('path', name)!.schema;
          let segment: string;
          if (value.kind === 'raw') segment = value.value;
          else if (value.kind === 'broken' && value.broken.kind === 'raw')
            segment = value.broken.value;
          else {
            const pool = known[name] ?? known.id;
            const text =
              value.kind === 'known' && pool.length > 0
                ? pool[value.index % pool.length]
                : value.kind === 'plain'
                  ? value.value
                  : value.kind === 'broken'
                    ? String(breakValue(schema, pool[0] ?? 'none', value.broken))
                    : 'none';
            segment = encodeURIComponent(text);
          }
          let decoded: string | undefined;
          try {
            decoded = decodeURIComponent(segment);
          } catch {
            decoded = undefined;
          }
          if (decoded === undefined || breaksSchema(schema, decoded)) broken.push(`path ${name}`);
          return segment;
        });
        const query: string[] = [];
        for (const [name, value] of request.query) {
          if (value === null) continue;
          const schema = parameter('query', name)?.schema;
          let values: string[];
          let raw = false;
          if (value.kind === 'broken' && value.broken.kind === 'raw') {
            values = [value.broken.value];
            raw = true;
          } else {
            const given =
              value.kind === 'broken' ? breakValue(schema!, undefined, value.broken) : value.value;
            // A list is the parameter repeated; anything else its text. Kept under Node's header
            // limit (16 kB): past it Node answers 431, before the app.
            values = (Array.isArray(given) && schema?.type === 'array' ? given : [given]).map(
              (item) => (typeof item === 'string' ? item : JSON.stringify(item)).slice(0, 1000),
            );
            // As text crosses the wire: half a character (a lone surrogate) becomes U+FFFD.
            values = values.map((item) => new URLSearchParams([['v', item]]).get('v')!);
            const read = values.length === 1 && schema?.type !== 'array' ? values[0] : values;
            if (schema && breaksSchema(schema, read)) broken.push(`query ${name}`);
          }
          // Raw bytes that are no UTF-8 reach the app as U+FFFD (the query parser's reading).
          for (const item of values) {
            query.push(`${encodeURIComponent(name)}=${raw ? item : encodeURIComponent(item)}`);
          }
        }
        const url = `${server.url}${path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
        const headers: Record<string, string> = { ...request.headers };
        for (const [name, value] of Object.entries(request.declaredHeaders)) {
          const schema = parameter('header', name)!.schema;
          const text = String(breakValue(schema, 'key-1', value));
          // What crosses the wire: the UTF-8 bytes, which the server reads one byte a character.
          const onTheWire = Buffer.from(text, 'utf8').toString('latin1');
          headers[name.toLowerCase()] = onTheWire;
          if (breaksSchema(schema, onTheWire)) broken.push(`header ${name}`);
        }
        // A real logout would end the session the other requests use.
        const cookie =
          operation.path === '/api/admin/logout' ? undefined : cookies[request.session];
        if (cookie) headers.cookie = cookie;
        const { raw, contentType } = bodyOf(request);
        if (contentType) headers['content-type'] = contentType;
        const replay = describeRequest(operation.method, url, headers, raw);

        const before = await logState();
        const ownerBefore = await ownerLogState();
        sent += 1;
        let answer: Awaited<ReturnType<typeof send>>;
        try {
          answer = await send(url, operation.method, headers, raw);
        } catch (error) {
          throw new Error(
            `No answer (${String(error)}) to ${replay}\n${server.output().slice(-2000)}`,
            { cause: error },
          );
        }
        const key = `${operation.method} ${operation.path}`;
        answered.set(key, (answered.get(key) ?? new Set()).add(answer.status));
        if (answer.status >= 500) {
          throw new Error(
            `${answer.status} ${answer.text?.slice(0, 300)} to ${replay}\n${server.output().slice(-2000)}`,
          );
        }
        const violation = contractViolation({
          method: operation.method,
          path: new URL(url).pathname,
          status: answer.status,
          contentType: answer.contentType,
          text: answer.text,
        });
        if (violation) throw new Error(`${violation}\nto ${replay}`);
        if (broken.length > 0 && answer.status < 400) {
          throw new Error(
            `${answer.status} to a request whose ${broken.join(', ')} breaks its rule: ${replay}`,
          );
        }
        if (broken.length > 0) brokenRefused += 1;
        if (answer.status >= 400) {
          if ((await logState()) !== before) {
            throw new Error(`Refused with ${answer.status} but the event log changed: ${replay}`);
          }
          const ownerAfter = await ownerLogState();
          if (
            ownerAfter !== ownerBefore &&
            !(
              operation.path === '/api/admin/login' &&
              answer.status === 401 &&
              /"OwnerSignInFailed"(,"OwnerLockedOut")?\]/.test(ownerAfter.replace(/\s/g, ''))
            )
          ) {
            throw new Error(`Refused with ${answer.status} but the owner's log changed: ${replay}`);
          }
        } else if (operation.path === '/api/create-checkout-session' && answer.text) {
          const created = JSON.parse(answer.text) as { registrationId?: string; url?: string };
          if (created.registrationId) known.id.push(created.registrationId);
          const session = created.url?.split('/sandbox/checkout/')[1];
          if (session) known.sessionId.push(session);
        }
      },
    );
    const started = Date.now();
    await fc.assert(property, {
      seed: SEED,
      numRuns: REQUESTS,
      endOnFailure: false,
      // Bounded whatever happens: a run (one request) past its deadline fails, and so does the
      // whole property (shrinking included) past its budget, instead of waiting on.
      plugins: [
        fc.timeout(REQUEST_DEADLINE_MS + 5_000),
        fc.interruptAfterTimeLimit(BUDGET_MS, { failOnInterrupt: true }),
      ],
    });

    console.log(
      `Fuzz: ${sent} requests sent (shrinking included) in ${((Date.now() - started) / 1000).toFixed(1)} s, ${answered.size} operations answered, ${brokenRefused} with a parameter off its rule, each refused`,
    );
    expect(server.child.exitCode).toBeNull();
    // Every operation was exercised, and the valid part of the traffic did get through.
    expect([...answered.keys()].sort()).toEqual(
      OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort(),
    );
  }, 900_000);
});

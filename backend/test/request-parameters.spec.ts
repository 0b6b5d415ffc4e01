import { readFileSync } from 'node:fs';
import { LONGEST_TIME_ZONE, canonicalTimeZone } from '../src/common/time-zone';
import { HEADER_PARAMETERS, NAMED_PARAMETERS } from '../src/request-parameters';
import { LONGEST_INSTANT, SLOT_NAME, checkSlotName } from '../src/tour/domain/tour-rules';
import { OPEN_SLOT, request } from './http';
import { OPENAPI_FILE } from './openapi-contract';
import { appsOnOwnDatabase, type TestApp } from './test-app';
import { login, register } from './admin/admin-client';

interface Schema {
  type?: string;
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  minItems?: number;
  items?: Schema;
  example?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { example?: unknown }> };
}

const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const OPERATIONS = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    operation,
  })),
);

/**
 * If-None-Match is no input the app checks: a tag it does not hold is a miss (a full answer), and
 * the server's limit on a request's headers (16 KiB, 431) is its bound.
 */
const UNCHECKED_HEADERS = ['If-None-Match'];

describe('every request parameter of the OpenAPI document has a bound', () => {
  const parameters = OPERATIONS.flatMap(({ method, path, operation }) =>
    (operation.parameters ?? [])
      .filter((parameter) => !UNCHECKED_HEADERS.includes(parameter.name))
      .map((parameter) => ({ operation: `${method} ${path}`, parameter })),
  );

  it.each(
    parameters.map(({ operation, parameter }) => [
      operation,
      parameter.in,
      parameter.name,
      parameter,
    ]),
  )('%s: %s parameter %s', (_operation, _in, _name, parameter) => {
    const { schema } = parameter as Parameter;
    if (schema.enum) return;
    if (schema.type === 'integer') {
      expect(schema).toEqual(
        expect.objectContaining({ minimum: expect.any(Number), maximum: expect.any(Number) }),
      );
    } else if (schema.type === 'array') {
      expect(schema.maxItems).toEqual(expect.any(Number));
      expect(schema.items?.maxLength).toEqual(expect.any(Number));
    } else {
      expect(schema).toEqual(
        expect.objectContaining({ type: 'string', maxLength: expect.any(Number) }),
      );
    }
  });

  it('has a rule in the app for every path parameter and every header it declares', () => {
    for (const { parameter } of parameters) {
      if (parameter.in === 'path') expect(NAMED_PARAMETERS[parameter.name]).toBeDefined();
      if (parameter.in === 'header') expect(HEADER_PARAMETERS[parameter.name]).toBeDefined();
    }
  });

  it('lets every slot name the domain accepts through as a parameter, and none it refuses for what it holds', () => {
    const accepted = [
      OPEN_SLOT,
      'Mar 12 - 7:30pm',
      'Matinée',
      'Ștefan cel Mare - 20:00',
      'Prima ora 😀',
      'ليلة',
      'x'.repeat(60),
    ];
    for (const name of accepted) {
      expect(checkSlotName(name)).toBeUndefined();
      expect({ name, matches: SLOT_NAME.pattern!.test(name) }).toEqual({ name, matches: true });
    }
    for (const name of [
      '',
      '.',
      '..',
      'a/b',
      'a\\b',
      'a\u0000b',
      'a\u200bb',
      '\u202eabc',
      'a\u2028b',
    ]) {
      expect(checkSlotName(name)).toBeDefined();
      expect({ name, matches: SLOT_NAME.pattern!.test(name) }).toEqual({ name, matches: false });
    }
  });

  it('knows a time zone by its IANA name, within its bound, and never throws', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.filter((zone) => canonicalTimeZone(zone) === undefined)).toEqual([]);
    expect(zones.every((zone) => zone.length <= LONGEST_TIME_ZONE)).toBe(true);
    expect(canonicalTimeZone('EST5EDT')).toBe('America/New_York');
    expect(canonicalTimeZone('europe/bucharest')).toBe('Europe/Bucharest');
    for (const value of [
      'Mars/Olympus',
      'UTC+25',
      `Europe/${'a'.repeat(100_000)}`,
      '\u202e',
      '',
      42,
    ]) {
      expect(canonicalTimeZone(value)).toBeUndefined();
    }
  });
});

describe('a parameter off its rule is refused with 400 in the error shape, writing nothing', () => {
  let app: TestApp;
  let cookie: string;
  let registrationId: string;

  const opened = appsOnOwnDatabase([{ env: { REGISTRATION_RATE_LIMIT: '0' } }]);

  beforeAll(async () => {
    app = opened.app;
    cookie = await login(app.url);
    registrationId = (await register(app.url)).id;
  });

  /** A value each parameter takes, so that only the one under test breaks its rule. */
  function goodValue(parameter: Parameter): string | string[] {
    const { name, schema } = parameter;
    if (schema.type === 'array') return Array.from({ length: schema.minItems ?? 1 }, () => 'C');
    if (schema.enum) return String(schema.enum[0]);
    if (schema.type === 'integer') return String(schema.minimum ?? 1);
    const known: Record<string, string> = {
      id: registrationId,
      slug: 'bucharest',
      event: 'bucharest',
      time: OPEN_SLOT,
      sessionId: 'cs_sandbox_unknown',
      operatorId: 'owner',
      token: 'e30.AAAA',
      timeZone: 'Europe/Bucharest',
      'Idempotency-Key': 'parameters-test',
      'stripe-signature': 't=1,v1=00',
    };
    // A name two owners share (`sessionId`) takes the operation's own example where the value
    // known for the name is not of its shape.
    const value = known[name];
    if (value !== undefined && (!schema.pattern || new RegExp(schema.pattern).test(value))) {
      return value;
    }
    return typeof schema.example === 'string' ? schema.example : 'x';
  }

  /** Values that break a parameter's rule: too long, too big, invisible, turned, undecodable. */
  function badValues(parameter: Parameter): { value: string | string[]; raw?: boolean }[] {
    const { schema } = parameter;
    if (schema.enum) return [{ value: 'not-one-of-them' }];
    if (schema.type === 'integer') {
      return [
        { value: String(schema.maximum! + 1) },
        { value: String(schema.minimum! - 1) },
        { value: '1e400' },
        { value: '' },
        { value: ' ' },
        { value: '0x10' },
        { value: '1.5' },
      ];
    }
    if (schema.type === 'array') {
      return [
        { value: Array.from({ length: schema.maxItems! + 1 }, () => 'C') },
        {
          value: [
            ...Array.from({ length: schema.minItems! - 1 }, () => 'C'),
            'C'.repeat(schema.items!.maxLength! + 1),
          ],
        },
      ];
    }
    const long = { value: 'a'.repeat(schema.maxLength! + 1) };
    if (parameter.in === 'header') return [long, { value: 'caf\u00e9' }];
    // Bytes that are no UTF-8: a path parameter is refused by the router; a query parser reads
    // them as U+FFFD, a character like any other.
    const undecodable = parameter.in === 'path' ? [{ value: '%FF', raw: true }] : [];
    if (!schema.pattern) return [long, ...undecodable];
    return [long, { value: 'a\u200bb' }, { value: '\u202eabc' }, ...undecodable];
  }

  function target(
    path: string,
    operation: Operation,
    broken: Parameter,
    bad: { value: string | string[]; raw?: boolean },
  ): { url: string; headers: Record<string, string> } {
    const headers: Record<string, string> = {};
    const query: string[] = [];
    let url = path;
    for (const parameter of operation.parameters ?? []) {
      const isBroken = parameter === broken;
      if (!isBroken && !parameter.required && parameter.in !== 'path') continue;
      const value = isBroken ? bad.value : goodValue(parameter);
      const encode = (text: string) => (isBroken && bad.raw ? text : encodeURIComponent(text));
      if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encode(String(value)));
      else if (parameter.in === 'header') headers[parameter.name] = String(value);
      else {
        for (const item of Array.isArray(value) ? value : [value]) {
          query.push(`${encodeURIComponent(parameter.name)}=${encode(item)}`);
        }
      }
    }
    return { url: query.length > 0 ? `${url}?${query.join('&')}` : url, headers };
  }

  const logLength = async () =>
    (
      (await app.dataSource.query('SELECT count(*)::int AS count FROM events')) as {
        count: number;
      }[]
    )[0].count;

  it('on every parameter of every operation', async () => {
    let sent = 0;
    for (const { method, path, operation } of OPERATIONS) {
      const body = operation.requestBody?.content['application/json']?.example;
      for (const parameter of operation.parameters ?? []) {
        if (UNCHECKED_HEADERS.includes(parameter.name)) continue;
        for (const bad of badValues(parameter)) {
          const { url, headers } = target(path, operation, parameter, bad);
          const before = await logLength();
          const response = await request<{ statusCode: number; errors: { field: string }[] }>(
            app.url,
            method,
            url,
            body,
            { cookie, ...headers },
          );
          sent += 1;
          const seen = { request: `${method} ${url.slice(0, 200)}`, status: response.status };
          expect(seen).toEqual({ ...seen, status: 400 });
          expect(response.body.statusCode).toBe(400);
          // A path parameter that does not decode is refused by the router, before any rule.
          if (!bad.raw && parameter.name !== 'stripe-signature') {
            expect({ ...seen, fields: response.body.errors.map((error) => error.field) }).toEqual({
              ...seen,
              fields: expect.arrayContaining([parameter.name]),
            });
          }
          expect(await logLength()).toBe(before);
        }
      }
    }
    console.log(`Parameters: ${sent} requests, each refused with 400`);
    expect(sent).toBeGreaterThan(100);
  }, 120_000);

  it("refuses a tour event's time zone past its bound or unknown, without a 500", async () => {
    const event = {
      slug: 'zone-check',
      city: 'Cluj-Napoca',
      venue: 'Fabrica de Pensule',
      date: '2031-03-12',
      priceMinor: 3500,
    };
    for (const timeZone of [
      `Europe/${'a'.repeat(LONGEST_TIME_ZONE)}`,
      'Mars/Olympus',
      '\u202eUTC',
    ]) {
      const before = await logLength();
      const response = await request<{ errors: { field: string }[] }>(
        app.url,
        'POST',
        '/api/admin/tour/events',
        { ...event, timeZone },
        { cookie },
      );
      expect({ timeZone, status: response.status }).toEqual({ timeZone, status: 400 });
      expect(response.body.errors.map((error) => error.field)).toContain('timeZone');
      expect(await logLength()).toBe(before);
    }
  });

  it("refuses a slot's start past its bound (a fraction of a second a thousand digits long)", async () => {
    for (const startsAt of [
      `2031-03-12T19:30:00.${'1'.repeat(1000)}+02:00`,
      `2031-03-12T19:30:00.${'1'.repeat(LONGEST_INSTANT)}Z`,
    ]) {
      const before = await logLength();
      const response = await request<{ errors: { field: string }[] }>(
        app.url,
        'POST',
        '/api/admin/tour/events/bucharest/slots',
        { startsAt, capacity: 20 },
        { cookie },
      );
      expect({
        status: response.status,
        fields: response.body.errors.map((error) => error.field),
      }).toEqual({
        status: 400,
        fields: ['startsAt'],
      });
      expect(await logLength()).toBe(before);
    }
  });
});

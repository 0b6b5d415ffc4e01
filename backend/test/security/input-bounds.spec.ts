import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { A_DREAM, registrationBody, request } from '../http';
import { appsOnOwnDatabase } from '../test-app';
import { adminRequest, login, register } from '../admin/admin-client';

interface ApiError {
  statusCode: number;
  message: string;
  errors: { field: string; message: string }[];
}

/** Sends raw bytes as a JSON body (fetch would re-encode a string). */
function postBytes(
  baseUrl: string,
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: ApiError }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(path, baseUrl),
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(body.length),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ApiError,
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const deeplyNested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Bad input of every kind gets a 400 or 404 in the error shape, never a 500, and writes nothing. */
describe('input bounds', () => {
  const state = appsOnOwnDatabase();

  /** What the server answers to `raw` bytes sent as they are, until it closes the connection. */
  function rawExchange(raw: string): Promise<string> {
    const { port } = new URL(state.apps[0].url);
    return new Promise((resolve, reject) => {
      let answer = '';
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(raw));
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  }

  it('answers what HTTP itself cannot parse in the JSON shape too: 431 and 400', async () => {
    const huge = await rawExchange(
      `GET /api/capacity?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(huge.slice(huge.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: 431,
      code: 'headers-too-large',
      message: 'The request line and headers are too large.',
      errors: [],
    });
    const garbage = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toMatchObject({
      statusCode: 400,
      errors: [],
    });
  });
  let cookie: string;
  let registrationId: string;

  beforeAll(async () => {
    cookie = await login(state.apps[0].url);
    registrationId = (await register(state.apps[0].url)).id;
  });

  const url = () => state.apps[0].url;

  async function eventCount(): Promise<number> {
    const [row] = await state.apps[0].dataSource.query('SELECT count(*)::int AS count FROM events');
    return row.count as number;
  }

  describe('nesting and size of JSON bodies, bounded before anything walks them', () => {
    const routes = () => [
      { path: '/api/create-checkout-session', headers: {} },
      { path: `/api/registrations/${registrationId}/dreams`, headers: {} },
      { path: '/api/admin/login', headers: {} },
    ];

    it('answers 400 to 10,000 levels of arrays on registration, dream sharing and login', async () => {
      const before = await eventCount();
      for (const { path, headers } of routes()) {
        for (const body of [
          deeplyNested(10_000),
          `{"name": ${deeplyNested(5_000)}}`,
          `{"dream": ${deepObject(5_000)}}`,
        ]) {
          const answer = await postBytes(url(), path, Buffer.from(body), headers);
          expect({ path, status: answer.status, body: answer.body }).toEqual({
            path,
            status: 400,
            body: {
              statusCode: 400,
              code: 'body-too-deep',
              message: 'The request body is nested too deeply (at most 32 levels)',
              errors: [],
            },
          });
        }
      }
      expect(await eventCount()).toBe(before);
    });

    it('answers 400 to deep nesting on the Command Center PATCH routes too', async () => {
      const answer = await adminRequest<ApiError>(
        url(),
        cookie,
        'PATCH',
        `/api/admin/registrations/${registrationId}/paid`,
        `{"paid": ${deeplyNested(3_000)}}`,
        { origin: url() },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('The request body is nested too deeply (at most 32 levels)');
    });

    it('answers 400 to a body with thousands of keys, naming the bound', async () => {
      const keys = Object.fromEntries(
        Array.from({ length: 5_000 }, (_, index) => [`k${index}`, 1]),
      );
      const answer = await request<ApiError>(url(), 'POST', '/api/create-checkout-session', {
        ...registrationBody(),
        ...keys,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        statusCode: 400,
        code: 'body-too-many-members',
        message: 'The request body has too many fields or items (at most 1000)',
        errors: [],
      });
    });

    it('still takes nesting within the bound where a route expects it', async () => {
      const answer = await request<ApiError>(url(), 'POST', '/api/create-checkout-session', {
        ...registrationBody(),
        name: { a: { b: { c: 'Ana' } } },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0]).toEqual({ field: 'name', message: 'Name is required' });
    });
  });

  describe('path parameters', () => {
    it('answers 400 to a NUL or other junk in a sandbox checkout id, 404 to one that names nothing, never 500', async () => {
      // 400 where the path cannot be decoded (%FF) or is no checkout session id (cs_…, at most
      // 255 characters); 404 for a well-formed id that names nothing.
      for (const [id, expected] of [
        ['%00', 400],
        ['cs_sandbox_%00', 400],
        ['%E2%80%AE', 400],
        ['x'.repeat(2000), 400],
        [`cs_${'x'.repeat(300)}`, 400],
        ['%FF%FE', 400],
        ['cs_sandbox_nothing', 404],
      ] as const) {
        for (const method of ['GET', 'POST']) {
          const answer = await fetch(`${url()}/sandbox/checkout/${id}`, { method });
          expect({ id, method, status: answer.status }).toEqual({ id, method, status: expected });
        }
      }
    });

    it('answers 404 or 400, never 500, to broken registration ids on every route', async () => {
      const paths = (id: string) => [
        ['GET', `/api/registrations/${id}`],
        ['DELETE', `/api/registrations/${id}`],
        ['POST', `/api/registrations/${id}/dreams`],
        ['GET', `/api/admin/registrations/${id}/history`],
        ['POST', `/api/admin/registrations/${id}/confirm`],
        ['PATCH', `/api/admin/registrations/${id}/paid`],
      ];
      for (const id of ['%00', '%FF', '%', '%E2%80%8B', '..%2F..%2Fetc', 'a'.repeat(5000)]) {
        for (const [method, path] of paths(id)) {
          const answer = await fetch(`${url()}${path}`, {
            method,
            headers: { cookie, origin: url(), 'content-type': 'application/json' },
            body: method === 'GET' || method === 'DELETE' ? undefined : '{"paid":true}',
          });
          const body = (await answer.json()) as ApiError;
          expect({ method, path, status: answer.status }).toEqual({
            method,
            path,
            status: [400, 404].includes(answer.status) ? answer.status : '400 or 404',
          });
          expect(body.statusCode).toBe(answer.status);
        }
      }
    });
  });

  describe('text fields', () => {
    const refusal = async (overrides: Record<string, unknown>) => {
      const answer = await request<ApiError>(
        url(),
        'POST',
        '/api/create-checkout-session',
        registrationBody(overrides),
      );
      return { status: answer.status, errors: answer.body.errors };
    };

    it('refuses a name of zero-width spaces and other invisible characters as missing', async () => {
      for (const name of [
        '\u200b\u200b\u200b',
        '\u00ad',
        '\u2060\ufeff\u200d',
        '\u3164',
        'e\u0301'.slice(1),
      ]) {
        expect(await refusal({ name })).toEqual({
          status: 400,
          errors: [{ field: 'name', message: 'Name is required' }],
        });
      }
    });

    it('refuses a dream of 100 zero-width spaces: what shows nothing counts as nothing', async () => {
      expect(await refusal({ dream: `${'\u200b'.repeat(100)}` })).toEqual({
        status: 400,
        errors: [
          {
            field: 'dream',
            message:
              'Please share your dream with at least 100 characters - it will be part of the performance',
          },
        ],
      });
      expect(await refusal({ dream: `${A_DREAM.slice(0, 95)}${'\u200b'.repeat(20)}` })).toEqual({
        status: 400,
        errors: [expect.objectContaining({ field: 'dream' })],
      });
    });

    it('refuses ESC, BEL and other control characters in names and phones, and in dreams but line breaks and tabs', async () => {
      expect(await refusal({ name: 'Ana\u001b[31m Popescu' })).toEqual({
        status: 400,
        errors: [{ field: 'name', message: 'Name must not contain control characters' }],
      });
      expect(await refusal({ name: 'Ana\u0007' })).toEqual({
        status: 400,
        errors: [{ field: 'name', message: 'Name must not contain control characters' }],
      });
      expect(await refusal({ whatsapp: '+40\t712' })).toEqual({
        status: 400,
        errors: [
          { field: 'whatsapp', message: 'Phone number must not contain control characters' },
        ],
      });
      expect(await refusal({ dream: `${A_DREAM}\u0007` })).toEqual({
        status: 400,
        errors: [{ field: 'dream', message: 'Your dream must not contain control characters' }],
      });
      const accepted = await request(url(), 'POST', '/api/create-checkout-session', {
        ...registrationBody(),
        dream: `${A_DREAM}\r\n\tand then\nI woke up.`,
      });
      expect(accepted.status).toBe(200);
    });

    it('stores text composed (NFC), and counts a name in visible characters as it counts dreams', async () => {
      const decomposed = 'Ana S\u0327tefa\u0306nescu'; // Ş and ă, each as a letter and a mark
      const created = await request<{ registrationId: string }>(
        url(),
        'POST',
        '/api/create-checkout-session',
        registrationBody({ name: decomposed }),
      );
      expect(created.status).toBe(200);
      const read = await request<{ name: string }>(
        url(),
        'GET',
        `/api/registrations/${created.body.registrationId}`,
      );
      expect(read.body.name).toBe('Ana Ştefănescu');
      expect(read.body.name).toBe(decomposed.normalize('NFC'));

      // 100 thumbs with a skin tone: 100 characters to a person, 200 code points.
      const emojiName = '👍🏽'.repeat(100);
      expect((await refusal({ name: emojiName })).status).toBe(200);
      expect(await refusal({ name: `${emojiName}👍🏽` })).toEqual({
        status: 400,
        errors: [{ field: 'name', message: 'Name must be at most 100 characters' }],
      });
    });

    it('bounds text in bytes too: a "10-character" shared dream of 88 KB of accents is refused', async () => {
      const zalgo = `${'a'.repeat(9)}b${'\u0301'.repeat(44_000)}`;
      const before = await eventCount();
      const answer = await request<ApiError>(
        url(),
        'POST',
        `/api/registrations/${registrationId}/dreams`,
        { dream: zalgo },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].field).toBe('dream');
      expect((await refusal({ dream: `${A_DREAM}${'\u0301'.repeat(40_000)}` })).status).toBe(400);
      expect(await eventCount()).toBe(before);
    });

    it('refuses a body that is not valid UTF-8 instead of storing U+FFFD', async () => {
      const body = Buffer.from(JSON.stringify(registrationBody({ name: 'Ana XX' })));
      const at = body.indexOf('XX');
      body[at] = 0xff;
      body[at + 1] = 0xfe;
      const before = await eventCount();
      for (const path of ['/api/create-checkout-session', '/api/admin/login']) {
        const answer = await postBytes(url(), path, body);
        expect(answer).toEqual({
          status: 400,
          body: {
            statusCode: 400,
            code: 'body-not-utf8',
            message: 'The request body is not valid UTF-8',
            errors: [],
          },
        });
      }
      expect(await eventCount()).toBe(before);
    });
  });

  describe('email addresses', () => {
    it('follows the HTML standard’s rule: nothing a mailer could read as another address', async () => {
      for (const email of [
        'javascript:alert(8)//@x.co',
        '"Eve" <eve@evil.example>, ana@example.com',
        'ana@example.com,eve@evil.example',
        'ana@example.com\r\nBcc: eve@evil.example',
        'ana(comment)@example.com',
        'ana@[127.0.0.1]',
        'ana@example',
        'ană@example.com',
      ]) {
        const answer = await request<ApiError>(
          url(),
          'POST',
          '/api/create-checkout-session',
          registrationBody({ email }),
        );
        expect({ email, status: answer.status, errors: answer.body.errors }).toEqual({
          email,
          status: 400,
          errors: [{ field: 'email', message: 'Please enter a valid email address' }],
        });
      }
      for (const email of ["o'brien+tickets@mail.example.ro", 'ANA.POPESCU@Example.COM']) {
        expect(
          (
            await request(
              url(),
              'POST',
              '/api/create-checkout-session',
              registrationBody({ email }),
            )
          ).status,
        ).toBe(200);
      }
    });
  });
});

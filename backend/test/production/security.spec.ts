import { request as httpRequest } from 'node:http';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '../../src/config/config';
import { expectRefusedForNow, registrationBody, request } from '../http';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { startTestApp, type TestApp } from '../test-app';
import { writeSiteFixture } from './site-fixture';

function csp(headers: Headers): Record<string, string[]> {
  return Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .filter(Boolean)
      .map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
  );
}

/** A POST whose body is sent in chunks, without Content-Length. */
function postChunked(url: string, path: string, type: string, size: number) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(path, url),
      { method: 'POST', headers: { 'content-type': type, 'transfer-encoding': 'chunked' } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }),
        );
      },
    );
    outgoing.on('error', reject);
    const chunk = type.includes('json') ? `"${'x'.repeat(1000)}",` : 'a=' + 'x'.repeat(1000) + '&';
    if (type.includes('json')) outgoing.write('[');
    for (let sent = 0; sent < size; sent += chunk.length) outgoing.write(chunk);
    outgoing.end(type.includes('json') ? '"end"]' : 'b=1');
  });
}

describe('security', () => {
  let database: TestDatabase;
  let app: TestApp;
  let siteDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    siteDir = writeSiteFixture();
    app = await startTestApp(database.url, { FRONTEND_DIST: siteDir });
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    rmSync(siteDir, { recursive: true, force: true });
  });

  describe('headers', () => {
    const COMMON = {
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    };

    it.each([
      ['the site', '/', 200],
      ['a page of the site', '/about', 200],
      ['an unknown page', '/no-such-page', 404],
      ['a script of the site', '/assets/index-test.js', 200],
      ['the API', '/api/capacity', 200],
      ['an API error', '/api/registrations/00000000-0000-4000-8000-000000000000', 404],
      ['the health check', '/api/health', 200],
      ['the docs', '/api/docs', 200],
      ['the OpenAPI document', '/api/docs/openapi.json', 200],
    ])('are on %s (%s)', async (_what, path, status) => {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(status);
      for (const [name, value] of Object.entries(COMMON)) {
        expect({ name, value: response.headers.get(name) }).toEqual({ name, value });
      }
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
      // Plain http here: HSTS would only confuse a browser.
      expect(response.headers.get('strict-transport-security')).toBeNull();
      const policy = csp(response.headers);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['img-src']).toEqual(["'self'", 'data:']);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      // Forms post to the site, and the sandbox's card form is redirected to PUBLIC_URL.
      expect(policy['form-action']).toEqual(["'self'", app.config.publicUrl]);
      const docs = path.startsWith('/api/docs');
      expect(policy['style-src']).toEqual(docs ? ["'self'", "'unsafe-inline'"] : ["'self'"]);
    });

    it("allows the prerendered pages' inline stylesheet by its hash, and nothing else inline", async () => {
      const css = 'body { color: rgb(1, 2, 3); }';
      const hash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
      const built = writeSiteFixture();
      mkdirSync(path.join(built, 'prerendered'));
      writeFileSync(
        path.join(built, 'prerendered', 'style-hashes.json'),
        JSON.stringify([hash, "sha256-x' 'unsafe-inline"]),
      );
      const prerendered = await startTestApp(database.url, { FRONTEND_DIST: built });
      try {
        for (const page of ['/', '/api/capacity']) {
          const policy = csp((await fetch(`${prerendered.url}${page}`)).headers);
          expect(policy['style-src']).toEqual(["'self'", `'${hash}'`]);
        }
        const docs = csp((await fetch(`${prerendered.url}/api/docs`)).headers);
        expect(docs['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      } finally {
        await prerendered.close();
        rmSync(built, { recursive: true, force: true });
      }
    });

    it('keeps API answers out of caches, but lets the capacity poll revalidate', async () => {
      const response = await fetch(
        `${app.url}/api/registrations/00000000-0000-4000-8000-000000000000`,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      const capacity = await fetch(`${app.url}/api/capacity`);
      expect(capacity.headers.get('cache-control')).toBe('no-cache');
    });

    it('adds HSTS and upgrade-insecure-requests when the public URL is https', async () => {
      const secure = await startTestApp(database.url, {
        FRONTEND_DIST: siteDir,
        PUBLIC_URL: 'https://tickets.example.org',
      });
      try {
        const response = await fetch(`${secure.url}/`);
        expect(response.headers.get('strict-transport-security')).toBe(
          'max-age=15552000; includeSubDomains',
        );
        expect(csp(response.headers)).toHaveProperty('upgrade-insecure-requests');
      } finally {
        await secure.close();
      }
    });
  });

  describe('request bodies', () => {
    const TOO_LARGE = {
      statusCode: 413,
      code: 'body-too-large',
      message: 'The request body is too large',
      errors: [],
    };

    it('refuses a declared body over 100 kB with 413 in the JSON shape, whatever its type', async () => {
      for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
        const response = await fetch(`${app.url}/api/create-checkout-session`, {
          method: 'POST',
          headers: { 'content-type': type },
          body: 'x'.repeat(101 * 1024),
        });
        expect({ type, status: response.status }).toEqual({ type, status: 413 });
        expect(await response.json()).toEqual(TOO_LARGE);
        expect(response.headers.get('x-request-id')).toEqual(expect.any(String));
        expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      }
    });

    it('refuses a chunked body that grows over the limit, JSON or form', async () => {
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const answer = await postChunked(app.url, '/api/create-checkout-session', type, 150 * 1024);
        expect({ type, status: answer.status }).toEqual({ type, status: 413 });
        expect(answer.body).toEqual(TOO_LARGE);
      }
    });

    it('still takes a registration just under the limit', async () => {
      const body = registrationBody({ email: 'under.limit@example.com', dream: 'd'.repeat(2000) });
      const response = await request(app.url, 'POST', '/api/create-checkout-session', body);
      expect(response.status).toBe(200);
    });
  });

  describe('the registration rate limit', () => {
    const register = (target: TestApp, forwardedFor?: string) =>
      request(
        target.url,
        'POST',
        '/api/create-checkout-session',
        registrationBody(),
        forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      );

    it('answers 429 with Retry-After past the limit, and a client cannot dodge it by claiming another address', async () => {
      const limited = await startTestApp(database.url, {
        REGISTRATION_RATE_LIMIT: '2',
        REGISTRATION_RATE_WINDOW_SECONDS: '3600',
        // The test talks to the app directly: no proxy is trusted to name the client.
        TRUST_PROXY: 'false',
      });
      try {
        const answers = [
          await register(limited, '203.0.113.1'),
          await register(limited, '203.0.113.2'),
          await register(limited, '203.0.113.3'),
        ];
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
        expect(answers[0].headers.get('ratelimit-limit')).toBe('2');
        expect(answers[1].headers.get('ratelimit-remaining')).toBe('0');
        expectRefusedForNow(
          answers[2],
          expect.stringMatching(
            /^Too many registrations from this address; please try again in \d+ minutes?\.$/,
          ),
          { moreThan: 0, atMost: 3600 },
        );
        // Other routes are not limited.
        expect((await request(limited.url, 'GET', '/api/capacity')).status).toBe(200);
        // The address itself is not stored, only a hash of it.
        const rows = await limited.dataSource.query(
          `SELECT client_hash FROM rate_limit_counters WHERE bucket = 'registration'`,
        );
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.client_hash).toMatch(/^[0-9a-f]{32}$/);
      } finally {
        await limited.close();
      }
    });

    it('follows X-Forwarded-For from a trusted proxy, so each visitor has their own count', async () => {
      const behindProxy = await startTestApp(database.url, {
        REGISTRATION_RATE_LIMIT: '1',
        TRUST_PROXY: 'loopback',
      });
      try {
        expect((await register(behindProxy, '198.51.100.1')).status).toBe(200);
        expect((await register(behindProxy, '198.51.100.2')).status).toBe(200);
        expect((await register(behindProxy, '198.51.100.1')).status).toBe(429);
      } finally {
        await behindProxy.close();
      }
    });

    it('is off with REGISTRATION_RATE_LIMIT=0', async () => {
      const unlimited = await startTestApp(database.url, { REGISTRATION_RATE_LIMIT: '0' });
      try {
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const answer = await register(unlimited);
          expect(answer.status).toBe(200);
          expect(answer.headers.get('ratelimit-limit')).toBeNull();
        }
      } finally {
        await unlimited.close();
      }
    });
  });

  describe('configuration', () => {
    const base = {
      NODE_ENV: 'production',
      ADMIN_PASSWORD: 'a-long-admin-password',
      SANDBOX_PAYMENTS: 'true',
    };

    it('has production defaults: 20 registrations per 10 minutes, loopback proxy, JSON logs', () => {
      expect(loadConfig(base)).toMatchObject({
        registrationRateLimit: 20,
        registrationRateWindowSeconds: 600,
        trustProxy: 'loopback',
        logFormat: 'json',
        logLevel: 'info',
        shutdownTimeoutMs: 15000,
      });
      expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ logFormat: 'pretty' });
      expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe(
        '10.0.0.0/8, loopback',
      );
    });

    it.each([
      ['REGISTRATION_RATE_LIMIT', 'lots', /REGISTRATION_RATE_LIMIT must be a whole number/],
      ['REGISTRATION_RATE_WINDOW_SECONDS', '0', /REGISTRATION_RATE_WINDOW_SECONDS must be/],
      ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of/],
      ['LOG_FORMAT', 'xml', /LOG_FORMAT must be json or pretty/],
      ['TRUST_PROXY', 'any$thing', /TRUST_PROXY must be/],
      ['SHUTDOWN_TIMEOUT_SECONDS', '-1', /SHUTDOWN_TIMEOUT_SECONDS must be/],
    ])('refuses a bad %s', (name, value, message) => {
      expect(() => loadConfig({ ...base, [name]: value })).toThrow(message);
    });
  });
});

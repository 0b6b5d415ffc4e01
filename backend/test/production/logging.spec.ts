import fc from 'fast-check';
import { Writable } from 'node:stream';
import type { Request, Response } from 'express';
import { A_DREAM, registrationBody, request } from '../http';
import { startServerProcess } from '../server-process';
import { databaseOfItsOwn, type TestDatabase } from '../test-database';
import { createLogger, formatPrettyLine } from '../../src/logging/logger';
import { scrubText, scrubUrl, scrubValue } from '../../src/logging/personal-data-redaction';
import { PinoLoggerService } from '../../src/logging/pino-logger.service';
import { requestContextMiddleware } from '../../src/logging/request-context';

function captured() {
  const lines: string[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, output };
}

describe('personal data redaction', () => {
  it('masks emails and phone numbers in text, and nothing else', () => {
    expect(scrubText('mail ana.popescu+x@example.co.uk now')).toBe('mail [email] now');
    expect(scrubText('call +40 712 345 678 or (123) 456-7890 or 0712-345-678')).toBe(
      'call [phone] or [phone] or [phone]',
    );
    expect(
      scrubText('Migration Outbox1732000000100 at 2026-11-21T05:43:11.000Z took 12 ms, row 123456'),
    ).toBe('Migration Outbox1732000000100 at 2026-11-21T05:43:11.000Z took 12 ms, row 123456');
    expect(scrubText('registration 3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60')).toBe(
      'registration 3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
    );
  });

  it('masks exactly what the two patterns alone would mask, whatever the text', () => {
    // scrubText skips the patterns when the text cannot hold a match: the same answers.
    const EMAIL = /[^\s@<>"'(),;:/=&?]+@[^\s@<>"'(),;:/=&?]+\.[^\s@<>"'(),;:/=&?]+/g;
    const PHONE =
      /(?<![\w-])\+\d[\d\s().-]{6,}\d(?![\w-])|(?<![\w.:/-])\(?\d{3,4}\)?[\s.-]\d{3}[\s.-]\d{3,4}(?![\w-])/g;
    const plain = (text: string) => text.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
    // Text made of the characters the patterns care about, in phone- and email-like runs.
    const characters = fc.constantFrom(
      '+',
      '0',
      '1',
      '4',
      '7',
      '(',
      ')',
      '-',
      '.',
      ' ',
      '@',
      'a',
      'x',
      '/',
      ':',
      'é',
      '_',
    );
    const pieces = fc.oneof(
      fc.array(characters, { maxLength: 20 }).map((run) => run.join('')),
      fc
        .array(fc.constantFrom('0', '1', '7', ' ', '-'), { minLength: 7, maxLength: 16 })
        .map((run) => `+4${run.join('')}8`),
      fc.constantFrom('ana@x.co', 'a.b@c.ro', '@', 'x@', '@y.z'),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 6 }), (parts) => {
        const text = parts.join('');
        expect(scrubText(text)).toBe(plain(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('redacts personal keys at any depth, and personal query values', () => {
    expect(
      scrubValue({
        registration: { email: 'a@b.co', whatsapp: '+40712345678', dream: 'a dream', paid: true },
        headers: { Cookie: 'admin_session=abc', authorization: 'Bearer x', accept: '*/*' },
        note: 'from a@b.co',
      }),
    ).toEqual({
      registration: {
        email: '[redacted]',
        whatsapp: '[redacted]',
        dream: '[redacted]',
        paid: true,
      },
      headers: { Cookie: '[redacted]', authorization: '[redacted]', accept: '*/*' },
      note: 'from [email]',
    });
    expect(scrubUrl('/api/x?email=a%40b.co&event=bucharest')).toBe(
      '/api/x?email=%5Bredacted%5D&event=bucharest',
    );
  });
});

describe('the logger', () => {
  it('writes JSON with the request id of the request being served on every line', () => {
    const { lines, output } = captured();
    const logger = new PinoLoggerService(
      createLogger({ level: 'info', format: 'json' }, { output }),
    );
    logger.log('outside any request', 'Boot');
    requestContextMiddleware({ id: 'req-123' } as unknown as Request, {} as Response, () => {
      logger.warn('inside the request', 'Payments');
      logger.error('failed for ana@example.com', new Error('boom').stack, 'Filter');
    });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries[0]).toMatchObject({ level: 30, context: 'Boot', msg: 'outside any request' });
    expect(entries[0]).not.toHaveProperty('requestId');
    expect(entries[1]).toMatchObject({
      level: 40,
      context: 'Payments',
      requestId: 'req-123',
      msg: 'inside the request',
    });
    expect(entries[2]).toMatchObject({
      level: 50,
      context: 'Filter',
      requestId: 'req-123',
      msg: 'failed for [email]',
      stack: expect.stringContaining('Error: boom'),
    });
    expect(typeof entries[0].time).toBe('string');
  });

  it('writes one readable line per entry in the pretty format', () => {
    const { lines, output } = captured();
    const logger = new PinoLoggerService(
      createLogger({ level: 'info', format: 'pretty' }, { output }),
    );
    logger.log('Site on http://localhost:3000', 'Main');
    expect(lines).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}\[Main\] Site on/),
    ]);
    expect(
      formatPrettyLine({ time: 0, level: 40, msg: 'slow', requestId: 'r1', durationMs: 900 }),
    ).toBe('00:00:00.000 WARN  slow (request r1) {"durationMs":900}\n');
  });
});

describe('a running server', () => {
  let database: TestDatabase;

  const opened = databaseOfItsOwn();

  beforeAll(() => {
    database = opened.database;
  });

  it('logs every request as a JSON line with its request id, and no personal data', async () => {
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'debug',
      ADMIN_PASSWORD: 'the-real-admin-password',
    });
    const email = 'maria.ionescu@example.com';
    const phone = '+40 723 456 789';
    const bearer = { registrationId: '', sessionId: '' };
    try {
      const created = await request<{ registrationId: string; url: string }>(
        server.url,
        'POST',
        `/api/create-checkout-session?email=${encodeURIComponent(email)}`,
        registrationBody({ email, whatsapp: phone, name: 'Maria Ionescu' }),
        {
          cookie: 'admin_session=secret-session-cookie',
          authorization: 'Bearer secret-bearer-token',
          'x-request-id': 'client-chosen-id-1',
        },
      );
      expect(created.status).toBe(200);
      expect(created.headers.get('x-request-id')).toBe('client-chosen-id-1');
      const invalid = await request(server.url, 'POST', '/api/create-checkout-session', {
        email: 'not-an-email',
        whatsapp: phone,
      });
      expect(invalid.status).toBe(400);
      await request(server.url, 'POST', '/api/admin/login', {
        password: 'a-wrong-password-guess',
      });
      await request(server.url, 'GET', `/api/registrations/${created.body.registrationId}`);
      // Bearer values in paths and queries: the registration id on the API and the site's
      // confirmation page, the checkout session on the card page and the success page.
      bearer.registrationId = created.body.registrationId;
      bearer.sessionId = new URL(created.body.url).pathname.split('/').pop()!;
      const { registrationId, sessionId } = bearer;
      await fetch(`${server.url}/api/registrations/${registrationId}/dreams`, { method: 'POST' });
      await fetch(`${server.url}/confirmation/${registrationId}`);
      await fetch(`${server.url}/sandbox/checkout/${sessionId}`);
      await fetch(`${server.url}/confirmation?session_id=${sessionId}`);
      await fetch(`${server.url}/api/checkout-sessions/${sessionId}/registration`);
      // A session id with no digit in it is a bearer all the same.
      await fetch(
        `${server.url}/api/checkout-sessions/cs_sandbox_AbCdEfGhIjKlMnOpQrStUvWx/registration`,
      );
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const output = server.output();
    const lines = output.split('\n').filter(Boolean);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = entries.filter((entry) => entry.req !== undefined);
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const entry of requestLines) {
      expect(entry.requestId).toEqual(expect.any(String));
      expect(entry.res).toEqual({ statusCode: expect.any(Number) });
    }
    expect(requestLines.find((entry) => entry.requestId === 'client-chosen-id-1')).toMatchObject({
      requestId: 'client-chosen-id-1',
      req: { method: 'POST', url: '/api/create-checkout-session?email=%5Bredacted%5D' },
      res: { statusCode: 200 },
      msg: 'POST /api/create-checkout-session?email=%5Bredacted%5D 200',
    });
    const { registrationId, sessionId } = bearer;
    expect(registrationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionId).toMatch(/^cs_sandbox_/);
    const urls = requestLines.map((entry) => (entry.req as { url: string }).url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/registrations/:id',
        '/api/registrations/:id/dreams',
        '/confirmation/:id',
        '/sandbox/checkout/:token',
        '/confirmation?session_id=%5Bredacted%5D',
        '/api/checkout-sessions/:token/registration',
      ]),
    );
    expect(output).not.toContain('AbCdEfGhIjKlMnOpQrStUvWx');
    for (const secret of [
      email,
      'maria.ionescu',
      'Maria Ionescu',
      '723 456 789',
      A_DREAM.slice(0, 40),
      'secret-session-cookie',
      'secret-bearer-token',
      'a-wrong-password-guess',
      'the-real-admin-password',
      registrationId,
      sessionId,
    ]) {
      expect({ secret, found: output.includes(secret) }).toEqual({ secret, found: false });
    }
  });
});

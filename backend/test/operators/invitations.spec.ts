import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { AdminClock } from '../../src/auth/admin-clock';
import { MESSAGE_TEXTS } from '../../src/notifications/messages/message-texts';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { signLinkToken, VisitorLinks } from '../../src/notifications/visitor-links';
import { adminRequest, login } from '../admin/admin-client';
import { request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { invite, join, PASSPHRASE, sessionCookieOf } from './operator-client';
import { storedEvents } from '../read-models';

const GONE = {
  statusCode: 410,
  code: 'invitation-gone',
  message: 'This invitation has been used or has expired.',
  errors: [],
};
const INVALID = {
  statusCode: 400,
  code: 'invitation-invalid',
  message: 'This invitation link is not valid.',
  errors: [
    { field: 'token', code: 'invitation-invalid', message: 'This invitation link is not valid.' },
  ],
};

describe('invitations: a signed link, good once for 48 hours, sent through the outbox', () => {
  let app: TestApp;
  let owner: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'invitations-'));
  });

  const ours = appsOnOwnDatabase(() => [{ env: { DATA_DIR: dataDir } }]);

  beforeAll(async () => {
    app = ours.app;
    owner = await login(app.url);
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("emails the invitation in the console's language, with a link to /admin/join that opens it", async () => {
    const email = 'Ileana.Invited@Example.org';
    const answer = await adminRequest<{ id: string; state: string; email: string }>(
      app.url,
      owner,
      'POST',
      '/api/admin/operators',
      { email, name: 'Ileana Vrabie', role: 'door' },
      { cookie: `${owner}; language=ro` },
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ state: 'invited', email, role: 'door', sessions: [] });
    const [row]: { kind: string; registration_id: string | null; payload: object }[] =
      await app.dataSource.query(
        'SELECT kind, registration_id, payload FROM outbox WHERE operator_id = $1',
        [answer.body.id],
      );
    expect(row).toMatchObject({ kind: 'operator-invitation', registration_id: null });
    // The row names no one: the address is read when the message leaves.
    expect(JSON.stringify(row.payload)).not.toContain('Ileana');
    expect(JSON.stringify(row.payload)).not.toContain(email);

    expect(await app.app.get(OutboxWorker).runOnce()).toEqual({ sent: 1, failed: 0, cancelled: 0 });
    const files = (await readdir(path.join(dataDir, 'outbox'))).filter((file) =>
      file.includes(answer.body.id),
    );
    expect(files).toHaveLength(1);
    const mail = (await readFile(path.join(dataDir, 'outbox', files[0]), 'utf8')).replace(
      /=\r?\n/g,
      '',
    );
    // The mail library writes the domain in lower case.
    expect(mail.toLowerCase()).toContain(email.toLowerCase());
    const link = /http:\/\/localhost:\d+\/admin\/join\?token=3D([A-Za-z0-9_.%-]+)/.exec(mail);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1].replace(/=3D/g, '='));
    // Romanian, as the console that sent it.
    expect(mail).toMatch(/Subject: =\?UTF-8\?/);
    expect(mail).toContain(MESSAGE_TEXTS.ro.roleDoor);

    const opened = await request(app.url, 'GET', `/api/operators/invitations/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      email,
      name: 'Ileana Vrabie',
      role: 'door',
      expiresAt: expect.any(String),
      // The zone its end is written in, as in the email.
      timeZone: expect.any(String),
    });
    const expiresAt = new Date((opened.body as { expiresAt: string }).expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(48 * 3_600_000 + 60_000);
  });

  it('refuses a second operator with the same email, in any case (409)', async () => {
    const first = await invite(app, owner, 'box-office');
    const again = await adminRequest(app.url, owner, 'POST', '/api/admin/operators', {
      email: first.email.toUpperCase(),
      name: 'Someone Else',
      role: 'door',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      statusCode: 409,
      code: 'email-taken',
      message: 'An operator with this email already exists.',
      errors: [],
    });
  });

  it('refuses an altered link (400), whichever part was changed', async () => {
    const invited = await invite(app, owner, 'door');
    const [body, signature] = invited.token.split('.');
    const flipped = (text: string) =>
      `${text.slice(0, -2)}${text.at(-2) === 'A' ? 'B' : 'A'}${text.at(-1)}`;
    const forged = signLinkToken('not-the-secret', 'invitation', invited.id);
    const otherPurpose = await (async () => {
      // The same secret's cancel link for the same id is no invitation.
      const [row]: { invitation_id: string }[] = await app.dataSource.query(
        'SELECT invitation_id FROM operator_view WHERE id = $1',
        [invited.id],
      );
      const url = await app.app.get(VisitorLinks).url('cancel', row.invitation_id);
      return new URL(url).searchParams.get('token')!;
    })();
    for (const token of [
      `${flipped(body)}.${signature}`,
      `${body}.${flipped(signature)}`,
      forged,
      otherPurpose,
      `${body}.${signature}x`,
    ]) {
      const opened = await request(app.url, 'GET', `/api/operators/invitations/${token}`);
      expect({ token, status: opened.status, body: opened.body }).toEqual({
        token,
        status: 400,
        body: INVALID,
      });
      const joined = await request(app.url, 'POST', '/api/operators/join', {
        token,
        name: 'Mallory',
        passphrase: PASSPHRASE,
      });
      expect(joined.status).toBe(400);
    }
    const [row]: { state: string }[] = await app.dataSource.query(
      'SELECT state FROM operator_view WHERE id = $1',
      [invited.id],
    );
    expect(row.state).toBe('invited');
  });

  it('joins once: the second use of the link is a 410, and the session needs a second factor first', async () => {
    const invited = await invite(app, owner, 'box-office', 'Radu Ionescu');
    const joined = await request(app.url, 'POST', '/api/operators/join', {
      token: invited.token,
      name: '  Radu I.  ',
      passphrase: PASSPHRASE,
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toEqual({
      authenticated: true,
      expiresAt: expect.any(String),
      operator: { id: invited.id, name: 'Radu I.', role: 'box-office' },
      permissions: ['registrations', 'refunds', 'exports', 'tour', 'sheet', 'door', 'accounts'],
      secondFactorRequired: true,
    });
    const cookie = sessionCookieOf(joined);
    expect(joined.headers.getSetCookie()[0]).toMatch(/HttpOnly/);
    expect(joined.headers.getSetCookie()[0]).toMatch(/SameSite=Strict/);

    // Until a passkey or an app is added: the session, the account and logging out only.
    const list = await adminRequest(app.url, cookie, 'GET', '/api/admin/registrations');
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      statusCode: 403,
      code: 'second-factor-first',
      message: 'Add a passkey or an authenticator app first.',
      errors: [],
    });
    const account = await adminRequest(app.url, cookie, 'GET', '/api/admin/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({
      id: invited.id,
      number: invited.number,
      name: 'Radu I.',
      email: invited.email,
      role: 'box-office',
      passkeys: [],
      totp: false,
      recoveryCodesLeft: 0,
    });

    for (const attempt of [
      () => request(app.url, 'GET', `/api/operators/invitations/${invited.token}`),
      () =>
        request(app.url, 'POST', '/api/operators/join', {
          token: invited.token,
          name: 'Someone Else',
          passphrase: 'another long passphrase of mine',
        }),
    ]) {
      const reused = await attempt();
      expect(reused.status).toBe(410);
      expect(reused.body).toEqual(GONE);
    }
    const events: { type: string }[] = await storedEvents(app.dataSource, `operator-${invited.id}`);
    expect(events.map((event) => event.type)).toEqual([
      'OperatorInvited',
      'OperatorJoined',
      'OperatorSignedIn',
    ]);
  });

  it('expires after 48 hours (410), as the admin clock reads it', async () => {
    const invited = await invite(app, owner, 'door');
    const clock = app.app.get(AdminClock);
    clock.advance(47 * 3_600_000);
    try {
      expect(
        (await request(app.url, 'GET', `/api/operators/invitations/${invited.token}`)).status,
      ).toBe(200);
      clock.advance(1 * 3_600_000 + 1000);
      const late = await request(app.url, 'GET', `/api/operators/invitations/${invited.token}`);
      expect(late.status).toBe(410);
      expect(late.body).toEqual(GONE);
      const joined = await request(app.url, 'POST', '/api/operators/join', {
        token: invited.token,
        name: 'Late Comer',
        passphrase: PASSPHRASE,
      });
      expect(joined.status).toBe(410);
    } finally {
      clock.advance(-(48 * 3_600_000 + 1000));
    }
  });

  it('does not open while the invited operator is suspended', async () => {
    const invited = await invite(app, owner, 'door');
    const suspend = (suspended: boolean) =>
      adminRequest(app.url, owner, 'PATCH', `/api/admin/operators/${invited.id}`, { suspended });
    expect((await suspend(true)).status).toBe(200);
    expect(
      (await request(app.url, 'GET', `/api/operators/invitations/${invited.token}`)).status,
    ).toBe(410);
    expect((await suspend(false)).status).toBe(200);
    expect(
      (await request(app.url, 'GET', `/api/operators/invitations/${invited.token}`)).status,
    ).toBe(200);
  });

  it('holds a passphrase to its rules: 12 characters, none of the common passwords', async () => {
    const invited = await invite(app, owner, 'door');
    const short = ['passphrase-too-short', 'Use at least 12 characters.'] as const;
    const common = ['passphrase-too-common', 'This passphrase is too common.'] as const;
    const refusals: [string, string, string][] = [
      ['short one', ...short],
      ['12345678901', ...short],
      ['password1234', ...common],
      ['Password 1234!', ...common],
      ['qwerty123456', ...common],
      ['1q2w3e4r5t6y', ...common],
      ['aaaaaaaaaaaaaaaa', ...common],
    ];
    for (const [passphrase, code, message] of refusals) {
      const answer = await request(app.url, 'POST', '/api/operators/join', {
        token: invited.token,
        name: 'Careful Person',
        passphrase,
      });
      expect({ passphrase, status: answer.status, body: answer.body }).toEqual({
        passphrase,
        status: 400,
        body: {
          statusCode: 400,
          code,
          message,
          errors: [{ field: 'passphrase', code, message }],
        },
      });
    }
    // Nothing was recorded: the invitation is still good.
    expect(
      (await request(app.url, 'GET', `/api/operators/invitations/${invited.token}`)).status,
    ).toBe(200);
    const cookie = await join(
      app,
      invited.token,
      'Careful Person',
      'ravens fly low over Sibiu tonight',
    );
    expect(cookie).toMatch(/^admin_session=/);
    // Kept as a scrypt hash with a salt of its own, never the passphrase.
    const [credentials]: { passphrase_hash: string }[] = await app.dataSource.query(
      'SELECT passphrase_hash FROM operator_credentials WHERE operator_id = $1',
      [invited.id],
    );
    expect(credentials.passphrase_hash).toMatch(/^scrypt1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(credentials.passphrase_hash).not.toContain('ravens');
  });
});

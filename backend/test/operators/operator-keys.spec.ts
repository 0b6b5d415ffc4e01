import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STEP_UP_FIRST } from '../../src/auth/admin-errors';
import { MAX_ACCOUNT_FAILURES } from '../../src/operators/sign-in/login-throttle';
import { AdminClock } from '../../src/auth/admin-clock';
import { MESSAGE_TEXTS } from '../../src/notifications/messages/message-texts';
import { OutboxWorker } from '../../src/notifications/outbox-worker';
import { rebuildProjections } from '../../src/registrations/projections/rebuild-projections';
import { LiveTour } from '../../src/tour/live-tour';
import { snapshotReadModels, storedEvents } from '../read-models';
import { adminRequest, ADMIN_PASSWORD, login } from '../admin/admin-client';
import { request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import {
  addTotp,
  invite,
  join,
  PASSPHRASE,
  readyOperator,
  sessionCookieOf,
  signIn,
  totpCode,
  fromAddress,
} from './operator-client';
import { SoftwareAuthenticator } from './software-authenticator';

const STEP_UP_REFUSAL = {
  statusCode: 403,
  code: 'step-up-first',
  message: STEP_UP_FIRST,
  errors: [],
};
const PASSKEY_REFUSED = {
  statusCode: 401,
  code: 'passkey-refused',
  message: 'This passkey was not accepted.',
  errors: [],
};
const SIX_MINUTES = 6 * 60_000;

interface PasskeyOptions {
  challengeId: string;
  options: { challenge: string; rp: { id: string }; user: { id: string } };
}

function passkeyRegistrationOptions(app: TestApp, cookie: string) {
  return adminRequest<PasskeyOptions>(
    app.url,
    cookie,
    'POST',
    '/api/admin/account/passkeys/options',
    {},
  );
}

async function registerPasskey(
  app: TestApp,
  cookie: string,
  authenticator: SoftwareAuthenticator,
  name?: string,
) {
  const options = await passkeyRegistrationOptions(app, cookie);
  expect(options.status).toBe(200);
  return adminRequest<{ id: string; name: string }>(
    app.url,
    cookie,
    'POST',
    '/api/admin/account/passkeys',
    {
      challengeId: options.body.challengeId,
      response: authenticator.register(options.body.options),
      ...(name ? { name } : {}),
    },
  );
}

async function signInWithPasskey(app: TestApp, authenticator: SoftwareAuthenticator) {
  const options = await request<{
    challengeId: string;
    options: { challenge: string; rpId: string };
  }>(app.url, 'POST', '/api/admin/login/passkey/options', {}, fromAddress());
  expect(options.status).toBe(200);
  return request(app.url, 'POST', '/api/admin/login/passkey', {
    challengeId: options.body.challengeId,
    response: authenticator.assert(options.body.options),
  });
}

async function operatorEvents(
  app: TestApp,
  operatorId: string,
): Promise<{ type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[]> {
  return storedEvents(app.dataSource, `operator-${operatorId}`);
}

describe('operators you can trust with the keys', () => {
  let app: TestApp;
  let owner: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'operator-keys-'));
  });

  const opened = appsOnOwnDatabase(() => [{ env: { DATA_DIR: dataDir } }]);

  beforeAll(async () => {
    app = opened.app;
    owner = await login(app.url);
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Moves the admin clock on for the duration of `work`, and back. */
  async function later<T>(milliseconds: number, work: () => Promise<T>): Promise<T> {
    app.app.get(AdminClock).advance(milliseconds);
    try {
      return await work();
    } finally {
      app.app.get(AdminClock).advance(-milliseconds);
    }
  }

  /** The emails the outbox wrote for an operator, their quoted-printable text decoded. */
  async function mailsTo(operatorId: string): Promise<string[]> {
    const worker = app.app.get(OutboxWorker);
    while ((await worker.runOnce()).sent > 0);
    const files = (await readdir(path.join(dataDir, 'outbox'))).filter((file) =>
      file.includes(operatorId),
    );
    return Promise.all(
      files.map(async (file) => {
        const raw = (await readFile(path.join(dataDir, 'outbox', file), 'utf8'))
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        return Buffer.from(raw, 'latin1').toString('utf8');
      }),
    );
  }

  describe('1. a passkey signs in only with the device’s own unlock (user verification)', () => {
    it('asks the browser for user verification, and refuses an authenticator that reports presence only (flags 0x41, 0x01)', async () => {
      const operator = await readyOperator(app, owner, 'door');
      const options = await passkeyRegistrationOptions(app, operator.cookie);
      expect(options.body.options).toMatchObject({
        authenticatorSelection: { userVerification: 'required' },
      });
      const presenceOnly = new SoftwareAuthenticator(app.config.publicUrl);
      presenceOnly.presenceOnly = true;
      const refused = await adminRequest(
        app.url,
        operator.cookie,
        'POST',
        '/api/admin/account/passkeys',
        {
          challengeId: options.body.challengeId,
          response: presenceOnly.register(options.body.options),
        },
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: 'This passkey could not be registered.' });

      // Registered with the unlock, then used without it: refused; with it: a session.
      const device = new SoftwareAuthenticator(app.config.publicUrl);
      expect((await registerPasskey(app, operator.cookie, device)).status).toBe(201);
      device.presenceOnly = true;
      const withoutUnlock = await signInWithPasskey(app, device);
      expect(withoutUnlock.status).toBe(401);
      expect(withoutUnlock.body).toEqual(PASSKEY_REFUSED);
      expect(withoutUnlock.headers.get('set-cookie')).toBeNull();
      device.presenceOnly = false;
      expect((await signInWithPasskey(app, device)).status).toBe(200);
    });
  });

  describe('2. a stolen session cookie cannot change what signs the operator in', () => {
    it('refuses every factor change from a session not proved in the last 5 minutes (403), and the real recovery codes keep working', async () => {
      const operator = await readyOperator(app, owner, 'box-office');
      const stolen = operator.cookie;
      await later(SIX_MINUTES, async () => {
        // The cookie still opens the console...
        expect(
          (await adminRequest(app.url, stolen, 'GET', '/api/admin/registrations')).status,
        ).toBe(200);
        const account = await adminRequest(app.url, stolen, 'GET', '/api/admin/account');
        expect(account.body).toMatchObject({ provedUntil: null });
        // ...but not the keys.
        for (const [method, route, body] of [
          ['POST', '/api/admin/account/passkeys/options', {}],
          [
            'POST',
            '/api/admin/account/passkeys',
            { challengeId: '0b6f3a52-3d1e-4c8e-9a57-5f3f2a0c9d11', response: {} },
          ],
          ['POST', '/api/admin/account/totp', {}],
          ['POST', '/api/admin/account/totp/confirmation', { code: '123456' }],
          ['POST', '/api/admin/account/recovery-codes', {}],
        ] as const) {
          const answer = await adminRequest(app.url, stolen, method, route, body);
          expect({ route, status: answer.status, body: answer.body }).toEqual({
            route,
            status: 403,
            body: STEP_UP_REFUSAL,
          });
        }
        // The step-up's passphrase is counted like a sign-in: a thief cannot guess on here.
        for (let attempt = 0; attempt < MAX_ACCOUNT_FAILURES; attempt += 1) {
          const wrong = await adminRequest(
            app.url,
            stolen,
            'POST',
            '/api/admin/account/step-up',
            { passphrase: `not it, guess ${attempt}` },
            fromAddress(),
          );
          expect(wrong.status).toBe(400);
          expect(wrong.body).toEqual({
            statusCode: 400,
            code: 'proof-wrong',
            message: 'That is not right. Try again.',
            errors: [
              {
                field: 'passphrase',
                code: 'proof-wrong',
                message: 'That is not right. Try again.',
              },
            ],
          });
        }
        const blocked = await adminRequest(
          app.url,
          stolen,
          'POST',
          '/api/admin/account/step-up',
          { passphrase: PASSPHRASE },
          fromAddress(),
        );
        expect(blocked.status).toBe(429);
      });
      // Nothing changed: the operator's first recovery code still signs them in.
      await app.dataSource.query('DELETE FROM admin_login_failures');
      const recovered = await signIn(
        app,
        operator.email,
        operator.recoveryCodes[0],
        PASSPHRASE,
        fromAddress(),
      );
      expect(recovered.status).toBe(200);
      expect(await operatorEvents(app, operator.id)).not.toContainEqual(
        expect.objectContaining({ type: 'OperatorSteppedUp' }),
      );
    });

    it('lets the operator step up with the passphrase or a code, then change a factor: recorded, and emailed in their language', async () => {
      const invited = await invite(app, owner, 'door', 'Giulia Neri');
      const joined = await request(
        app.url,
        'POST',
        '/api/operators/join',
        { token: invited.token, name: 'Giulia Neri', passphrase: PASSPHRASE },
        { cookie: 'language=it' },
      );
      expect(joined.status).toBe(201);
      const cookie = sessionCookieOf(joined);
      const { secret } = await addTotp(app, cookie);
      await later(SIX_MINUTES, async () => {
        const steppedUp = await adminRequest<{ provedUntil: string }>(
          app.url,
          cookie,
          'POST',
          '/api/admin/account/step-up',
          // The admin clock is six minutes (twelve steps) on.
          { code: await totpCode(secret, 12) },
        );
        expect(steppedUp.status).toBe(200);
        const until = new Date(steppedUp.body.provedUntil).getTime();
        const now = Date.now() + SIX_MINUTES;
        expect(until - now).toBeGreaterThan(4 * 60_000);
        expect(until - now).toBeLessThanOrEqual(5 * 60_000 + 1000);
        const device = new SoftwareAuthenticator(app.config.publicUrl);
        const added = await registerPasskey(app, cookie, device, 'Telefono');
        expect(added.status).toBe(201);
        const renewed = await adminRequest<{ recoveryCodes: string[] }>(
          app.url,
          cookie,
          'POST',
          '/api/admin/account/recovery-codes',
          {},
        );
        expect(renewed.status).toBe(200);
        expect(renewed.body.recoveryCodes).toHaveLength(10);
      });
      // Also by the passphrase: both with and without, only one of the two at a time.
      const both = await adminRequest(app.url, cookie, 'POST', '/api/admin/account/step-up', {
        passphrase: PASSPHRASE,
        code: '123456',
      });
      expect(both.status).toBe(400);
      expect(
        (
          await adminRequest(app.url, cookie, 'POST', '/api/admin/account/step-up', {
            passphrase: PASSPHRASE,
          })
        ).status,
      ).toBe(200);

      const events = await operatorEvents(app, invited.id);
      const types = events.map((event) => event.type);
      expect(types).toEqual(
        expect.arrayContaining([
          'OperatorTotpConfirmed',
          'OperatorSteppedUp',
          'OperatorPasskeyAdded',
          'OperatorRecoveryCodesRenewed',
        ]),
      );
      for (const event of events.filter((e) => e.type !== 'OperatorInvited')) {
        expect(event.metadata).toMatchObject({ actor: 'admin', operatorId: invited.id });
      }
      expect(
        events.filter((e) => e.type === 'OperatorSteppedUp').map((e) => e.data.method),
      ).toEqual(['totp', 'passphrase']);

      const mails = await mailsTo(invited.id);
      const notices = mails.filter((mail) => mail.includes(MESSAGE_TEXTS.it.noticeBySelf));
      // The app set up, the passkey added, new recovery codes: three emails, in Italian.
      expect(notices).toHaveLength(3);
      expect(notices.some((mail) => mail.includes('"Telefono"'))).toBe(true);
      for (const mail of notices) expect(mail).toContain(MESSAGE_TEXTS.it.noticeNotYou);
    });

    it('lists, names and removes an operator’s own passkeys; the last factor stays', async () => {
      const invited = await invite(app, owner, 'door', 'Radu Ene');
      const cookie = await join(app, invited.token, 'Radu Ene');
      const laptop = new SoftwareAuthenticator(app.config.publicUrl);
      const phone = new SoftwareAuthenticator(app.config.publicUrl);
      expect((await registerPasskey(app, cookie, laptop, 'Laptop')).status).toBe(201);
      expect((await registerPasskey(app, cookie, phone, 'Phone')).status).toBe(201);
      const renamed = await adminRequest(
        app.url,
        cookie,
        'PATCH',
        `/api/admin/account/passkeys/${phone.id}`,
        { name: 'Work phone' },
      );
      expect(renamed.status).toBe(204);
      const account = await adminRequest<{ passkeys: { id: string; name: string }[] }>(
        app.url,
        cookie,
        'GET',
        '/api/admin/account',
      );
      expect(account.body.passkeys.map((p) => [p.id, p.name])).toEqual([
        [laptop.id, 'Laptop'],
        [phone.id, 'Work phone'],
      ]);
      const removed = await adminRequest(
        app.url,
        cookie,
        'DELETE',
        `/api/admin/account/passkeys/${laptop.id}`,
      );
      expect(removed.status).toBe(204);
      expect((await signInWithPasskey(app, laptop)).status).toBe(401);
      // The phone is the last factor: removing it would leave the passphrase alone.
      const last = await adminRequest(
        app.url,
        cookie,
        'DELETE',
        `/api/admin/account/passkeys/${phone.id}`,
      );
      expect(last.status).toBe(409);
      expect((await signInWithPasskey(app, phone)).status).toBe(200);
      // Another operator's passkey is not theirs to remove.
      const other = await readyOperator(app, owner, 'door');
      const otherKey = new SoftwareAuthenticator(app.config.publicUrl);
      expect((await registerPasskey(app, other.cookie, otherKey)).status).toBe(201);
      const notTheirs = await adminRequest(
        app.url,
        cookie,
        'DELETE',
        `/api/admin/account/passkeys/${otherKey.id}`,
      );
      expect(notTheirs.status).toBe(404);
      expect((await signInWithPasskey(app, otherKey)).status).toBe(200);
      // Later, without a step-up: a removal is refused too.
      await later(SIX_MINUTES, async () => {
        const stale = await adminRequest(
          app.url,
          other.cookie,
          'DELETE',
          `/api/admin/account/passkeys/${otherKey.id}`,
        );
        expect(stale.status).toBe(403);
        expect(stale.body).toEqual(STEP_UP_REFUSAL);
      });
    });
  });

  describe('6. the owner sees each operator’s factors and sessions, removes a passkey, resets a second factor', () => {
    it('lists passkeys, the app and recovery codes; removes a planted passkey even of a suspended operator', async () => {
      const operator = await readyOperator(app, owner, 'box-office', 'Ana Dobre');
      const planted = new SoftwareAuthenticator(app.config.publicUrl);
      expect((await registerPasskey(app, operator.cookie, planted, 'Unknown device')).status).toBe(
        201,
      );
      const list = await adminRequest<{
        operators: {
          id: string;
          totp: boolean;
          recoveryCodesLeft: number;
          passkeyList: { id: string; name: string }[];
          sessions: unknown[];
        }[];
      }>(app.url, owner, 'GET', '/api/admin/operators');
      const listed = list.body.operators.find((o) => o.id === operator.id)!;
      expect(listed).toMatchObject({
        totp: true,
        recoveryCodesLeft: 10,
        passkeyList: [
          {
            id: planted.id,
            name: 'Unknown device',
            createdAt: expect.any(String),
            lastUsedAt: null,
          },
        ],
      });
      expect(listed.sessions).toHaveLength(1);

      await adminRequest(app.url, owner, 'PATCH', `/api/admin/operators/${operator.id}`, {
        suspended: true,
      });
      const removed = await adminRequest(
        app.url,
        owner,
        'DELETE',
        `/api/admin/operators/${operator.id}/passkeys/${planted.id}`,
      );
      expect(removed.status).toBe(204);
      await adminRequest(app.url, owner, 'PATCH', `/api/admin/operators/${operator.id}`, {
        suspended: false,
      });
      expect((await signInWithPasskey(app, planted)).status).toBe(401);
      const again = await adminRequest(
        app.url,
        owner,
        'DELETE',
        `/api/admin/operators/${operator.id}/passkeys/${planted.id}`,
      );
      expect(again.status).toBe(404);
      const [removal] = (await operatorEvents(app, operator.id)).filter(
        (event) => event.type === 'OperatorPasskeyRemoved',
      );
      expect(removal).toMatchObject({
        // The passkey's name is sealed with the operator's personal data.
        data: { passkeyId: planted.id, sealedPersonalData: expect.any(String) },
        metadata: { actor: 'admin', operatorId: 'owner' },
      });
      const mails = await mailsTo(operator.id);
      expect(mails.filter((mail) => mail.includes(MESSAGE_TEXTS.en.noticeByOwner))).toHaveLength(1);
    });

    it('resets a second factor: sessions end, codes and passkeys stop, and the passphrase opens only the set-up again', async () => {
      const operator = await readyOperator(app, owner, 'box-office');
      const device = new SoftwareAuthenticator(app.config.publicUrl);
      expect((await registerPasskey(app, operator.cookie, device)).status).toBe(201);
      const reset = await adminRequest(
        app.url,
        owner,
        'POST',
        `/api/admin/operators/${operator.id}/second-factor-reset`,
        {},
      );
      expect(reset.status).toBe(204);
      expect(
        (await adminRequest(app.url, operator.cookie, 'GET', '/api/admin/registrations')).status,
      ).toBe(401);
      expect((await signInWithPasskey(app, device)).status).toBe(401);
      expect(
        (
          await signIn(
            app,
            operator.email,
            await totpCode(operator.secret, 1),
            PASSPHRASE,
            fromAddress(),
          )
        ).status,
      ).toBe(401);
      expect(
        (await signIn(app, operator.email, operator.recoveryCodes[1], PASSPHRASE, fromAddress()))
          .status,
      ).toBe(401);

      const bare = await request(
        app.url,
        'POST',
        '/api/admin/login/operator',
        { email: operator.email, passphrase: PASSPHRASE },
        fromAddress(),
      );
      expect(bare.status).toBe(200);
      expect(bare.body).toMatchObject({ secondFactorRequired: true });
      const cookie = sessionCookieOf(bare);
      const gated = await adminRequest(app.url, cookie, 'GET', '/api/admin/registrations');
      expect(gated.status).toBe(403);
      expect(gated.body).toMatchObject({ message: 'Add a passkey or an authenticator app first.' });
      await addTotp(app, cookie);
      expect((await adminRequest(app.url, cookie, 'GET', '/api/admin/registrations')).status).toBe(
        200,
      );
      const list = await adminRequest<{
        operators: { id: string; passkeyList: unknown[]; totp: boolean }[];
      }>(app.url, owner, 'GET', '/api/admin/operators');
      expect(list.body.operators.find((o) => o.id === operator.id)).toMatchObject({
        passkeyList: [],
        totp: true,
      });
      // With a factor again, the passphrase alone no longer signs in.
      const noCode = await request(
        app.url,
        'POST',
        '/api/admin/login/operator',
        { email: operator.email, passphrase: PASSPHRASE },
        fromAddress(),
      );
      expect(noCode.status).toBe(401);
      const types = (await operatorEvents(app, operator.id)).map((event) => event.type);
      expect(types).toContain('OperatorSecondFactorReset');
      // The owner has no factors to reset.
      expect(
        (
          await adminRequest(
            app.url,
            owner,
            'POST',
            '/api/admin/operators/owner/second-factor-reset',
            {},
          )
        ).status,
      ).toBe(409);
    });

    it('lets no other role reset or remove factors (403)', async () => {
      const boxOffice = await readyOperator(app, owner, 'box-office');
      const target = await readyOperator(app, owner, 'door');
      const reset = await adminRequest(
        app.url,
        boxOffice.cookie,
        'POST',
        `/api/admin/operators/${target.id}/second-factor-reset`,
        {},
      );
      expect(reset.status).toBe(403);
    });
  });

  it('rebuilds operator_view from the log as the live appends left it, after removals, renames and resets', async () => {
    const live = (await snapshotReadModels(app.dataSource)) as {
      operators: { passkeys: number; totp: boolean }[];
    };
    // The tests above removed passkeys and reset factors: some operator folds to each.
    expect(live.operators.some((operator) => operator.passkeys === 0 && operator.totp)).toBe(true);
    expect(live.operators.some((operator) => operator.passkeys > 0)).toBe(true);
    await rebuildProjections(app.dataSource, LiveTour.load());
    expect(await snapshotReadModels(app.dataSource)).toEqual(live);
  });

  describe('3. passphrases judged like a password manager would', () => {
    it.each([
      ['1234567890123456'],
      ['aaaaaaaaaa12'],
      ['abcabcabcabc'],
      ['qwertyuiopas'],
      ['letmeinletmein'],
      ['adminadmin12'],
      ['Summer2024!Summer'],
      ['dreamdarkroom2026'],
    ])('refuses %j at joining, in the error shape', async (passphrase) => {
      const invited = await invite(app, owner, 'door', 'Sorin Lupu');
      const answer = await request(app.url, 'POST', '/api/operators/join', {
        token: invited.token,
        name: 'Sorin Lupu',
        passphrase,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        statusCode: 400,
        errors: [{ field: 'passphrase', message: expect.any(String) }],
      });
    });

    it("refuses the operator's own email and name as the passphrase", async () => {
      const invited = await invite(app, owner, 'door', 'Sorin Lupu Vasilescu');
      for (const passphrase of [invited.email, 'Sorin Lupu Vasilescu', 'SorinVasilescu1985']) {
        const answer = await request(app.url, 'POST', '/api/operators/join', {
          token: invited.token,
          name: 'Sorin Lupu Vasilescu',
          passphrase,
        });
        expect({ passphrase, status: answer.status, body: answer.body }).toEqual({
          passphrase,
          status: 400,
          body: {
            statusCode: 400,
            code: 'passphrase-personal',
            message: 'Do not build the passphrase from your name, your email or the site.',
            errors: [
              {
                field: 'passphrase',
                code: 'passphrase-personal',
                message: 'Do not build the passphrase from your name, your email or the site.',
              },
            ],
          },
        });
      }
      expect(
        (
          await request(app.url, 'POST', '/api/operators/join', {
            token: invited.token,
            name: 'Sorin Lupu Vasilescu',
            passphrase: 'tangerine lighthouse velvet oboe',
          })
        ).status,
      ).toBe(201);
    });
  });

  describe('4. one success does not clear another account’s failures', () => {
    it('keeps counting four wrong owner passwords from a network after an operator signs in from it', async () => {
      await app.dataSource.query('DELETE FROM admin_login_failures');
      const network = { 'x-forwarded-for': '203.0.113.77' };
      const door = await readyOperator(app, owner, 'door');
      for (let guess = 0; guess < 4; guess += 1) {
        expect(
          (
            await request(
              app.url,
              'POST',
              '/api/admin/login',
              { password: `guess ${guess}` },
              network,
            )
          ).status,
        ).toBe(401);
      }
      const insider = await signIn(
        app,
        door.email,
        await totpCode(door.secret, 1),
        PASSPHRASE,
        network,
      );
      expect(insider.status).toBe(200);
      expect(
        (await request(app.url, 'POST', '/api/admin/login', { password: 'guess 4' }, network))
          .status,
      ).toBe(401);
      const fifth = await request(
        app.url,
        'POST',
        '/api/admin/login',
        { password: ADMIN_PASSWORD },
        network,
      );
      expect(fifth.status).toBe(429);
      await app.dataSource.query('DELETE FROM admin_login_failures');
    });

    it("clears an account's failures by its own success only", async () => {
      await app.dataSource.query('DELETE FROM admin_login_failures');
      const operator = await readyOperator(app, owner, 'door');
      for (let guess = 0; guess < MAX_ACCOUNT_FAILURES - 1; guess += 1) {
        expect(
          (await signIn(app, operator.email, '000000', `wrong ${guess} passphrase`, fromAddress()))
            .status,
        ).toBe(401);
      }
      // The owner's success from anywhere leaves the operator's account count as it was...
      expect(
        (
          await request(
            app.url,
            'POST',
            '/api/admin/login',
            { password: ADMIN_PASSWORD },
            fromAddress(),
          )
        ).status,
      ).toBe(200);
      expect(
        (await signIn(app, operator.email, '000000', 'wrong last passphrase', fromAddress()))
          .status,
      ).toBe(401);
      expect(
        (
          await signIn(
            app,
            operator.email,
            await totpCode(operator.secret, 1),
            PASSPHRASE,
            fromAddress(),
          )
        ).status,
      ).toBe(429);
      // Each failure is in the operator's stream, as the owner's are in theirs, and the one that
      // closed the account; by no one in particular.
      const failures = (await operatorEvents(app, operator.id)).filter((event) =>
        ['OperatorSignInFailed', 'OperatorLockedOut'].includes(event.type),
      );
      expect(failures.map((event) => event.type)).toEqual([
        ...Array<string>(MAX_ACCOUNT_FAILURES).fill('OperatorSignInFailed'),
        'OperatorLockedOut',
      ]);
      for (const event of failures) expect(event.metadata).toMatchObject({ actor: 'visitor' });
      expect(failures[MAX_ACCOUNT_FAILURES].data).toMatchObject({
        minutes: 15,
        network: expect.any(String),
      });
      await app.dataSource.query('DELETE FROM admin_login_failures');
    });
  });
});

describe("5. the owner's password has a per-account limit, across processes, and is in the log", () => {
  const fleet = appsOnOwnDatabase([{}, {}]);

  it('records a sign-in; closes the account after its limit of failures from twenty IPv6 networks on two processes', async () => {
    const [first, second] = fleet.apps;
    const signedIn = await request(first.url, 'POST', '/api/admin/login', {
      password: ADMIN_PASSWORD,
    });
    expect(signedIn.status).toBe(200);

    const statuses: number[] = [];
    for (let guess = 0; guess < 100; guess += 1) {
      const app = guess % 2 === 0 ? first : second;
      const answer = await request(
        app.url,
        'POST',
        '/api/admin/login',
        { password: `guess number ${guess}` },
        { 'x-forwarded-for': `2001:db8:${(guess % 20).toString(16)}:1::${guess + 1}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, MAX_ACCOUNT_FAILURES)).toEqual(
      Array<number>(MAX_ACCOUNT_FAILURES).fill(401),
    );
    expect(new Set(statuses.slice(MAX_ACCOUNT_FAILURES))).toEqual(new Set([429]));
    // The right password from a network never seen: the account is closed for the window.
    const right = await request(
      second.url,
      'POST',
      '/api/admin/login',
      { password: ADMIN_PASSWORD },
      { 'x-forwarded-for': '2001:db8:ffff:1::1' },
    );
    expect(right.status).toBe(429);
    expect(right.headers.get('set-cookie')).toBeNull();

    const events = await storedEvents(first.dataSource, 'owner');
    expect(events.map((event) => event.type)).toEqual([
      'OwnerSignedIn',
      ...Array<string>(MAX_ACCOUNT_FAILURES).fill('OwnerSignInFailed'),
      'OwnerLockedOut',
    ]);
    expect(events[0].metadata).toMatchObject({ actor: 'admin', operatorId: 'owner' });
    expect(events[1].data).toEqual({ network: '2001:db8:0:1:0:0:0:0/64' });

    // Fifteen minutes on, on both processes' clocks: the right password works again.
    for (const app of [first, second]) app.app.get(AdminClock).advance(15 * 60_000 + 1000);
    try {
      expect(
        (await request(second.url, 'POST', '/api/admin/login', { password: ADMIN_PASSWORD }))
          .status,
      ).toBe(200);
    } finally {
      for (const app of [first, second]) app.app.get(AdminClock).advance(-(15 * 60_000 + 1000));
    }
  });
});

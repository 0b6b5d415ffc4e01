import {
  MAX_ACCOUNT_FAILURES,
  MAX_NETWORK_FAILURES,
} from '../../src/operators/sign-in/login-throttle';
import { adminRequest, login } from '../admin/admin-client';
import { expectRefusedForNow, request } from '../http';
import { PASSKEY_SIGN_INS_PER_ADDRESS } from '../../src/operators/credentials/passkey-ceremonies';
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
import { storedEvents } from '../read-models';

const WRONG = {
  statusCode: 401,
  code: 'wrong-credentials',
  message: 'Wrong email, passphrase or code.',
  errors: [],
};
const PASSKEY_REFUSED = {
  statusCode: 401,
  code: 'passkey-refused',
  message: 'This passkey was not accepted.',
  errors: [],
};

describe('second factors: an authenticator app (TOTP) and its recovery codes', () => {
  let app: TestApp;
  let owner: string;

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    owner = await login(app.url);
  });

  it('confirms the app with a code, answers ten recovery codes once, and lifts the second-factor gate', async () => {
    const invited = await invite(app, owner, 'box-office');
    const cookie = await join(app, invited.token);
    const setup = await adminRequest<{ secret: string; otpauthUri: string }>(
      app.url,
      cookie,
      'POST',
      '/api/admin/account/totp',
      {},
    );
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.otpauthUri).toContain(`secret=${setup.body.secret}`);
    const wrong = await adminRequest(
      app.url,
      cookie,
      'POST',
      '/api/admin/account/totp/confirmation',
      { code: (Number(await totpCode(setup.body.secret)) ^ 1).toString().padStart(6, '0') },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      statusCode: 400,
      code: 'totp-code-wrong',
      message: 'That code is not right. Try the newest one.',
      errors: [
        {
          field: 'code',
          code: 'totp-code-wrong',
          message: 'That code is not right. Try the newest one.',
        },
      ],
    });
    const confirmed = await adminRequest<{ recoveryCodes: string[] }>(
      app.url,
      cookie,
      'POST',
      '/api/admin/account/totp/confirmation',
      { code: await totpCode(setup.body.secret) },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes)
      expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Kept hashed only.
    const stored: { code_hash: string }[] = await app.dataSource.query(
      'SELECT code_hash FROM operator_recovery_codes WHERE operator_id = $1',
      [invited.id],
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(confirmed.body.recoveryCodes[0]);

    const session = await adminRequest(app.url, cookie, 'GET', '/api/admin/session');
    expect(session.body).toMatchObject({ secondFactorRequired: false });
    expect((await adminRequest(app.url, cookie, 'GET', '/api/admin/registrations')).status).toBe(
      200,
    );
    const account = await adminRequest(app.url, cookie, 'GET', '/api/admin/account');
    expect(account.body).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
  });

  it('signs in with email, passphrase and the code of the moment; a code is good once', async () => {
    const operator = await readyOperator(app, owner, 'door', 'Dana Pop');
    // The confirming code's step is used: a code of the next step (within the ±1 tolerance).
    const code = await totpCode(operator.secret, 1);
    const answer = await signIn(app, operator.email.toUpperCase(), code, PASSPHRASE, fromAddress());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      authenticated: true,
      expiresAt: expect.any(String),
      operator: { id: operator.id, name: 'Dana Pop', role: 'door' },
      permissions: ['door'],
      secondFactorRequired: false,
    });
    const cookie = sessionCookieOf(answer);
    expect((await adminRequest(app.url, cookie, 'GET', '/api/admin/check-ins/counts')).status).toBe(
      200,
    );
    // The same code again: refused, though it is still within its 30 seconds.
    const replay = await signIn(app, operator.email, code, PASSPHRASE, fromAddress());
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(WRONG);
    // A code two steps away is outside the tolerance.
    const far = await signIn(
      app,
      operator.email,
      await totpCode(operator.secret, -3),
      PASSPHRASE,
      fromAddress(),
    );
    expect(far.status).toBe(401);
  });

  it('answers every wrong part alike (401): email, passphrase, code', async () => {
    const operator = await readyOperator(app, owner, 'door');
    const code = await totpCode(operator.secret, 1);
    for (const [email, passphrase, given] of [
      ['nobody@example.com', PASSPHRASE, code],
      [operator.email, 'not the passphrase at all', code],
      [operator.email, PASSPHRASE, '000000'],
      [operator.email, PASSPHRASE, 'aaaaa-bbbbb'],
    ]) {
      const answer = await signIn(app, email, given, passphrase, fromAddress());
      expect({ email, passphrase, given, status: answer.status, body: answer.body }).toEqual({
        email,
        passphrase,
        given,
        status: 401,
        body: WRONG,
      });
    }
  });

  it('takes each recovery code once, instead of a code of the app', async () => {
    const operator = await readyOperator(app, owner, 'box-office');
    const [first, second] = operator.recoveryCodes;
    const used = await signIn(app, operator.email, first, PASSPHRASE, fromAddress());
    expect(used.status).toBe(200);
    const again = await signIn(app, operator.email, first, PASSPHRASE, fromAddress());
    expect(again.status).toBe(401);
    expect(again.body).toEqual(WRONG);
    expect(
      (await signIn(app, operator.email, ` ${second.toUpperCase()} `, PASSPHRASE, fromAddress()))
        .status,
    ).toBe(200);
    const account = await adminRequest(app.url, sessionCookieOf(used), 'GET', '/api/admin/account');
    expect(account.body).toMatchObject({ recoveryCodesLeft: 8 });
    const events: { data: { method: string } }[] = await storedEvents(
      app.dataSource,
      `operator-${operator.id}`,
      'OperatorSignedIn',
    );
    expect(events.map((event) => event.data.method)).toEqual([
      'join',
      'recovery-code',
      'recovery-code',
    ]);
  });

  it('throttles an account tried from many addresses, and an address trying many accounts (429)', async () => {
    const operator = await readyOperator(app, owner, 'door');
    for (let attempt = 0; attempt < MAX_ACCOUNT_FAILURES; attempt += 1) {
      const answer = await signIn(
        app,
        operator.email,
        '000000',
        'wrong passphrase!',
        fromAddress(),
      );
      expect(answer.status).toBe(401);
    }
    const blocked = await signIn(
      app,
      operator.email,
      await totpCode(operator.secret, 1),
      PASSPHRASE,
      fromAddress(),
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body).toMatchObject({ statusCode: 429, errors: [] });

    const address = fromAddress();
    for (let attempt = 0; attempt < MAX_NETWORK_FAILURES; attempt += 1) {
      const answer = await signIn(
        app,
        `stranger.${attempt}@example.com`,
        '000000',
        'wrong passphrase!',
        address,
      );
      expect(answer.status).toBe(401);
    }
    const other = await readyOperator(app, owner, 'door');
    const fromThere = await signIn(
      app,
      other.email,
      await totpCode(other.secret, 1),
      PASSPHRASE,
      address,
    );
    expect(fromThere.status).toBe(429);
    // The password login counts the same address.
    const owners = await request(
      app.url,
      'POST',
      '/api/admin/login',
      { password: 'test-admin-password' },
      address,
    );
    expect(owners.status).toBe(429);
  });

  it('refuses a suspended operator as a wrong passphrase, and signs them in again once reinstated', async () => {
    const operator = await readyOperator(app, owner, 'door');
    const patch = (suspended: boolean) =>
      adminRequest(app.url, owner, 'PATCH', `/api/admin/operators/${operator.id}`, { suspended });
    expect((await patch(true)).status).toBe(200);
    const refused = await signIn(
      app,
      operator.email,
      operator.recoveryCodes[0],
      PASSPHRASE,
      fromAddress(),
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(WRONG);
    expect((await patch(false)).status).toBe(200);
    // The refused attempt did not use the recovery code up.
    expect(
      (await signIn(app, operator.email, operator.recoveryCodes[0], PASSPHRASE, fromAddress()))
        .status,
    ).toBe(200);
  });
});

describe('passkeys: registered and used with a software authenticator', () => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {});

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
    owner = await login(app.url);
  });

  async function registerPasskey(
    cookie: string,
    authenticator: SoftwareAuthenticator,
    name?: string,
  ) {
    const options = await adminRequest<{
      challengeId: string;
      options: { challenge: string; rp: { id: string }; user: { id: string } };
    }>(app.url, cookie, 'POST', '/api/admin/account/passkeys/options', {});
    expect(options.status).toBe(200);
    return adminRequest<{ id: string; name: string; createdAt: string }>(
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

  async function passkeyOptions() {
    const options = await request<{
      challengeId: string;
      options: { challenge: string; rpId: string; allowCredentials?: unknown[] };
    }>(app.url, 'POST', '/api/admin/login/passkey/options', {});
    expect(options.status).toBe(200);
    return options.body;
  }

  it('refuses more passkey sign-ins started from one address than the window allows, with Retry-After', async () => {
    const startFrom = (address: string) =>
      request(
        app.url,
        'POST',
        '/api/admin/login/passkey/options',
        {},
        {
          'x-forwarded-for': address,
        },
      );
    const kept = async () =>
      (
        (await app.dataSource.query(
          `SELECT count(*)::int AS count FROM webauthn_challenges WHERE purpose = 'authentication'`,
        )) as { count: number }[]
      )[0].count;
    const before = await kept();
    for (let start = 0; start < PASSKEY_SIGN_INS_PER_ADDRESS.limit; start += 1) {
      expect((await startFrom('203.0.113.60')).status).toBe(200);
    }
    expectRefusedForNow(
      await startFrom('203.0.113.60'),
      'Too many passkey sign-ins started from this address; please try again later.',
      { moreThan: 0, atMost: PASSKEY_SIGN_INS_PER_ADDRESS.windowSeconds },
    );
    // The refused one kept no challenge; another address is counted on its own.
    expect(await kept()).toBe(before + PASSKEY_SIGN_INS_PER_ADDRESS.limit);
    expect((await startFrom('203.0.113.61')).status).toBe(200);
  });

  it('adds a passkey after joining (the gate lifts), then signs in with it alone', async () => {
    const invited = await invite(app, owner, 'box-office', 'Mihai Stan');
    const cookie = await join(app, invited.token, 'Mihai Stan');
    const authenticator = new SoftwareAuthenticator(app.config.publicUrl);
    const options = await adminRequest<{ options: Record<string, unknown> }>(
      app.url,
      cookie,
      'POST',
      '/api/admin/account/passkeys/options',
      {},
    );
    expect(options.body.options).toMatchObject({
      rp: { id: 'localhost', name: 'Dream Darkroom' },
      user: { name: invited.email, displayName: 'Mihai Stan' },
      authenticatorSelection: { residentKey: 'required' },
    });
    const added = await registerPasskey(cookie, authenticator, 'My laptop');
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: authenticator.id,
      name: 'My laptop',
      createdAt: expect.any(String),
    });
    expect((await adminRequest(app.url, cookie, 'GET', '/api/admin/session')).body).toMatchObject({
      secondFactorRequired: false,
    });

    const signInOptions = await passkeyOptions();
    // Discoverable: the browser offers whichever passkey of the site it holds.
    expect(signInOptions.options.allowCredentials ?? []).toEqual([]);
    expect(signInOptions.options.rpId).toBe('localhost');
    const signedIn = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: signInOptions.challengeId,
      response: authenticator.assert(signInOptions.options),
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      authenticated: true,
      operator: { id: invited.id, name: 'Mihai Stan', role: 'box-office' },
      secondFactorRequired: false,
    });
    const account = await adminRequest<{ passkeys: { lastUsedAt: string | null }[] }>(
      app.url,
      sessionCookieOf(signedIn),
      'GET',
      '/api/admin/account',
    );
    expect(account.body.passkeys).toEqual([
      {
        id: authenticator.id,
        name: 'My laptop',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
  });

  it('refuses an assertion replayed or with a counter that did not move on, a used challenge, another origin', async () => {
    const operator = await readyOperator(app, owner, 'door');
    const authenticator = new SoftwareAuthenticator(app.config.publicUrl);
    expect((await registerPasskey(operator.cookie, authenticator)).status).toBe(201);

    const first = await passkeyOptions();
    const answer = authenticator.assert(first.options); // counter 1
    const signedIn = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: first.challengeId,
      response: answer,
    });
    expect(signedIn.status).toBe(200);

    // The same answer again: its challenge was used up.
    const replayed = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: first.challengeId,
      response: answer,
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual(PASSKEY_REFUSED);

    // A fresh challenge signed with a counter that did not move on (a cloned key).
    const second = await passkeyOptions();
    const cloned = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: second.challengeId,
      response: authenticator.assert(second.options, { counter: 1 }),
    });
    expect(cloned.status).toBe(401);
    expect(cloned.body).toEqual(PASSKEY_REFUSED);

    // Signed for another site.
    const third = await passkeyOptions();
    const elsewhere = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: third.challengeId,
      response: authenticator.assert(third.options, { origin: 'https://evil.example' }),
    });
    expect(elsewhere.status).toBe(401);

    // An unknown authenticator.
    const fourth = await passkeyOptions();
    const stranger = new SoftwareAuthenticator(app.config.publicUrl);
    const unknown = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: fourth.challengeId,
      response: stranger.assert(fourth.options),
    });
    expect(unknown.status).toBe(401);

    // The counter moved on: accepted.
    const fifth = await passkeyOptions();
    const next = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: fifth.challengeId,
      response: authenticator.assert(fifth.options, { counter: 7 }),
    });
    expect(next.status).toBe(200);
    const [stored]: { counter: string }[] = await app.dataSource.query(
      'SELECT counter FROM operator_passkeys WHERE id = $1',
      [authenticator.id],
    );
    expect(Number(stored.counter)).toBe(7);
  });

  it('refuses to register a passkey made for another origin, or twice (400)', async () => {
    const operator = await readyOperator(app, owner, 'door');
    const options = await adminRequest<{
      challengeId: string;
      options: { challenge: string; rp: { id: string }; user: { id: string } };
    }>(app.url, operator.cookie, 'POST', '/api/admin/account/passkeys/options', {});
    const authenticator = new SoftwareAuthenticator(app.config.publicUrl);
    const elsewhere = await adminRequest(
      app.url,
      operator.cookie,
      'POST',
      '/api/admin/account/passkeys',
      {
        challengeId: options.body.challengeId,
        response: authenticator.register(options.body.options, { origin: 'https://evil.example' }),
      },
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({
      statusCode: 400,
      code: 'passkey-not-registered',
      message: 'This passkey could not be registered.',
      errors: [
        {
          field: 'response',
          code: 'passkey-not-registered',
          message: 'This passkey could not be registered.',
        },
      ],
    });
    expect((await registerPasskey(operator.cookie, authenticator)).status).toBe(201);
    expect((await registerPasskey(operator.cookie, authenticator)).status).toBe(400);
  });

  it('lets a suspended operator in by no passkey', async () => {
    const operator = await readyOperator(app, owner, 'door');
    const authenticator = new SoftwareAuthenticator(app.config.publicUrl);
    expect((await registerPasskey(operator.cookie, authenticator)).status).toBe(201);
    await adminRequest(app.url, owner, 'PATCH', `/api/admin/operators/${operator.id}`, {
      suspended: true,
    });
    const options = await passkeyOptions();
    const refused = await request(app.url, 'POST', '/api/admin/login/passkey', {
      challengeId: options.challengeId,
      response: authenticator.assert(options.options),
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(PASSKEY_REFUSED);
  });

  it('gives the owner no factors', async () => {
    const account = await adminRequest(app.url, owner, 'GET', '/api/admin/account');
    expect(account.body).toEqual({
      id: 'owner',
      number: 0,
      name: 'Owner',
      email: null,
      role: 'owner',
      passkeys: [],
      totp: false,
      recoveryCodesLeft: 0,
      provedUntil: null,
    });
    expect((await adminRequest(app.url, owner, 'POST', '/api/admin/account/totp', {})).status).toBe(
      409,
    );
    const added = await addTotp(app, owner).catch((error: Error) => error);
    expect(added).toBeInstanceOf(Error);
  });
});

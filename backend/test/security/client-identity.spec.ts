import { clientIdentityOfAddress } from '../../src/security/client-identity';
import { registrationBody, request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';

describe('clientIdentityOfAddress', () => {
  it('keeps an IPv4 address as it is, also when a dual-stack socket maps it', () => {
    expect(clientIdentityOfAddress('203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientIdentityOfAddress('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(clientIdentityOfAddress('::ffff:cb00:7107', 64)).toBe('203.0.113.7');
  });

  it('names an IPv6 client by its network', () => {
    expect(clientIdentityOfAddress('2001:db8:1:2::10', 64)).toBe('2001:db8:1:2:0:0:0:0/64');
    expect(clientIdentityOfAddress('2001:DB8:1:2:ffff:1:2:3', 64)).toBe('2001:db8:1:2:0:0:0:0/64');
    expect(clientIdentityOfAddress('2001:db8:1:3::10', 64)).toBe('2001:db8:1:3:0:0:0:0/64');
    expect(clientIdentityOfAddress('fe80::1%eth0', 64)).toBe('fe80:0:0:0:0:0:0:0/64');
    expect(clientIdentityOfAddress('2001:db8:1:2::10', 56)).toBe('2001:db8:1:0:0:0:0:0/56');
    expect(clientIdentityOfAddress('2001:db8:1:2ff::10', 56)).toBe('2001:db8:1:200:0:0:0:0/56');
    expect(clientIdentityOfAddress('2001:db8::10', 128)).toBe('2001:db8:0:0:0:0:0:10/128');
    expect(clientIdentityOfAddress('::1', 64)).toBe('0:0:0:0:0:0:0:0/64');
  });

  it('keeps anything else as it came', () => {
    expect(clientIdentityOfAddress('', 64)).toBe('unknown');
    expect(clientIdentityOfAddress('not-an-address', 64)).toBe('not-an-address');
  });
});

const LIMITED = {
  UNPAID_HOLDS_PER_ADDRESS: '2',
  REGISTRATION_RATE_LIMIT: '0',
  // The tests speak for several clients through X-Forwarded-For.
  TRUST_PROXY: 'true',
};

function registerFrom(app: TestApp, address: string) {
  return request(app.url, 'POST', '/api/create-checkout-session', registrationBody(), {
    'content-type': 'application/json',
    'x-forwarded-for': address,
  });
}

function loginFrom(app: TestApp, address: string, password: string) {
  return request(
    app.url,
    'POST',
    '/api/admin/login',
    { password },
    {
      'content-type': 'application/json',
      origin: new URL(app.config.publicUrl).origin,
      'x-forwarded-for': address,
    },
  );
}

describe('one IPv6 network is one client for every per-address limit', () => {
  const fleet = appsOnOwnDatabase([{ env: LIMITED }]);

  it('lets six addresses of one /64 hold only the cap of unpaid seats', async () => {
    const [app] = fleet.apps;
    const answers = [];
    for (const host of ['10', '11', '12', '13', '14', '15']) {
      answers.push(await registerFrom(app, `2001:db8:1:2::${host}`));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429, 429, 429]);
    // Another network is another client.
    expect((await registerFrom(app, '2001:db8:1:3::10')).status).toBe(200);
  });

  it('throttles admin logins from one /64 whichever of its addresses tries', async () => {
    const [app] = fleet.apps;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = await loginFrom(app, `2001:db8:9:9::${attempt}`, 'wrong password');
      expect(answer.status).toBe(401);
    }
    const blocked = await loginFrom(app, '2001:db8:9:9:abcd::1', 'wrong password');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password from the same network waits too; another network does not.
    expect((await loginFrom(app, '2001:db8:9:9::77', 'test-admin-password')).status).toBe(429);
    expect((await loginFrom(app, '2001:db8:9:a::1', 'test-admin-password')).status).toBe(200);
  });
});

import { AdminClock } from '../../src/auth/admin-clock';
import { expectRefusedForNow, request } from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { ADMIN_PASSWORD } from './admin-client';

function attempt(app: TestApp, password: string) {
  return request(app.url, 'POST', '/api/admin/login', { password });
}

describe('failed logins are throttled per client address, across app processes', () => {
  let first: TestApp;
  let second: TestApp;

  const opened = appsOnOwnDatabase([{}, {}]);

  beforeAll(() => {
    [first, second] = opened.apps;
  });

  it('blocks the sixth attempt after five failures spread over two instances, then lets it in after 15 minutes', async () => {
    for (const app of [first, second, first, second]) {
      expect((await attempt(app, 'wrong')).status).toBe(401);
    }
    // Four failures so far: the right password still works, and resets the count.
    expect((await attempt(second, ADMIN_PASSWORD)).status).toBe(200);

    for (const app of [first, second, first, second, first]) {
      expect((await attempt(app, 'wrong')).status).toBe(401);
    }
    expectRefusedForNow(
      await attempt(second, 'wrong'),
      'Too many failed login attempts; please try again later.',
      { moreThan: 14 * 60, atMost: 15 * 60 },
    );

    // Blocked means blocked: even the right password, on either instance.
    const rightButBlocked = await attempt(first, ADMIN_PASSWORD);
    expect(rightButBlocked.status).toBe(429);
    expect(rightButBlocked.headers.get('set-cookie')).toBeNull();
    expect((await attempt(second, ADMIN_PASSWORD)).status).toBe(429);

    // Fifteen minutes later (on the admin clock, which is the database's) the failures have left the window.
    first.app.get(AdminClock).advance(15 * 60_000 + 1000);
    expect((await attempt(first, ADMIN_PASSWORD)).status).toBe(200);
    first.app.get(AdminClock).advance(-(15 * 60_000 + 1000));
  });

  it('counts concurrent failures without letting any slip past the limit', async () => {
    await first.dataSource.query('DELETE FROM admin_login_failures');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => attempt(index % 2 ? first : second, 'wrong')),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });
});

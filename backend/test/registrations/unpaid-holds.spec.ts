import { registerArrivals } from '../../src/registrations/domain/registration';
import { UnpaidHoldsCapError } from '../../src/registrations/domain/registration-errors';
import {
  expectRefusedForNow,
  OPEN_SLOT,
  registrationBody,
  request,
  type JsonResponse,
} from '../http';
import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { waitFor } from '../wait-for';

const CAP_ENV = {
  UNPAID_HOLDS_PER_ADDRESS: '2',
  REGISTRATION_RATE_LIMIT: '0',
  // The tests speak for several client addresses through X-Forwarded-For.
  TRUST_PROXY: 'true',
};

type Answer = JsonResponse<{
  url?: string;
  waitingList?: boolean;
  registrationId?: string;
  statusCode?: number;
  message?: string;
  errors?: unknown[];
}>;

function registerFrom(
  app: TestApp,
  address: string,
  overrides: Record<string, unknown> = {},
): Promise<Answer> {
  return request(app.url, 'POST', '/api/create-checkout-session', registrationBody(overrides), {
    'content-type': 'application/json',
    'x-forwarded-for': address,
  });
}

async function capacity(app: TestApp) {
  const response = await request<Record<string, Record<string, Record<string, number>>>>(
    app.url,
    'GET',
    '/api/capacity',
  );
  return response.body.bucharest[OPEN_SLOT];
}

/**
 * The capacity another process answers once it has heard of a write: a process learns of
 * another's writes by PostgreSQL's NOTIFY, delivered moments after the COMMIT, so the figure is
 * awaited (for at most 5 s) rather than read at once.
 */
async function capacitySettledAt(app: TestApp, registered: number) {
  return waitFor(async () => {
    const seats = await capacity(app);
    return seats.registered === registered ? seats : undefined;
  }, 5000).catch(async () => capacity(app));
}

/** The visitor pays on the sandbox's card page, which tells the webhook. */
async function payInSandbox(app: TestApp, registrationId: string): Promise<void> {
  const [row] = await app.dataSource.query(
    'SELECT checkout_session_id FROM registration_view WHERE id = $1',
    [registrationId],
  );
  const paid = await fetch(`${app.url}/sandbox/checkout/${row.checkout_session_id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const [{ status }] = await app.dataSource.query(
    'SELECT status FROM registration_view WHERE id = $1',
    [registrationId],
  );
  expect(status).toBe('paid');
}

describe('unpaid holds per client address', () => {
  const fleet = appsOnOwnDatabase([{ env: CAP_ENV }, { env: CAP_ENV }]);

  it('lets twenty attempts from one address, across two processes, hold at most the cap', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) => registerFrom(fleet.apps[index % 2], '203.0.113.7')),
    );
    const held = attempts.filter((answer) => answer.status === 200);
    const refused = attempts.filter((answer) => answer.status === 429);
    expect(held).toHaveLength(2);
    expect(held.every((answer) => typeof answer.body.url === 'string')).toBe(true);
    expect(refused).toHaveLength(18);
    for (const answer of refused) {
      expectRefusedForNow(
        answer,
        '2 seats are already held from this address and not yet paid. Please finish the open payment, or try again in 30 minutes.',
        { moreThan: 29 * 60, atMost: 30 * 60 },
      );
    }
    expect(await capacitySettledAt(fleet.apps[0], 2)).toMatchObject({ registered: 2 });

    // Another address is not held back by this one.
    expect((await registerFrom(fleet.apps[1], '198.51.100.20')).status).toBe(200);
    expect(await capacitySettledAt(fleet.apps[0], 3)).toMatchObject({ registered: 3 });

    // The same email: its own unpaid hold is resumed (no second hold), and once paid, the 409.
    const email = 'twice@example.com';
    const twice = await registerFrom(fleet.apps[0], '198.51.100.21', { email });
    expect(twice.status).toBe(200);
    const resumed = await registerFrom(fleet.apps[1], '198.51.100.22', { email });
    expect(resumed.status).toBe(200);
    expect(resumed.body.registrationId).toBe(twice.body.registrationId);
    expect(await capacitySettledAt(fleet.apps[0], 4)).toMatchObject({ registered: 4 });
    await payInSandbox(fleet.apps[0], twice.body.registrationId!);
    const again = await registerFrom(fleet.apps[1], '198.51.100.22', { email });
    expect(again.status).toBe(409);

    // The address's holds, once paid for, no longer count: it may hold seats again.
    await payInSandbox(fleet.apps[0], held[0].body.registrationId!);
    expect((await registerFrom(fleet.apps[0], '203.0.113.7')).status).toBe(200);
    expect((await registerFrom(fleet.apps[1], '203.0.113.7')).status).toBe(429);
  });
});

describe('the waiting list is never capped', () => {
  const fleet = appsOnOwnDatabase([{ env: CAP_ENV }]);

  it('puts an address at its cap on the waiting list once the slot is full', async () => {
    const [app] = fleet.apps;
    // Twenty seats: two for the crowded address, eighteen for other people.
    expect((await registerFrom(app, '203.0.113.9')).status).toBe(200);
    expect((await registerFrom(app, '203.0.113.9')).status).toBe(200);
    expect((await registerFrom(app, '203.0.113.9')).status).toBe(429);
    const others = await Promise.all(
      Array.from({ length: 18 }, (_, index) => registerFrom(app, `198.51.100.${index + 1}`)),
    );
    expect(others.every((answer) => answer.status === 200)).toBe(true);
    expect(await capacity(app)).toMatchObject({ registered: 20, available: 0 });

    // The slot is full: the address at its cap joins the waiting list like anyone else.
    const waiting = await registerFrom(app, '203.0.113.9');
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ success: true, waitingList: true });
    const more = await registerFrom(app, '203.0.113.9');
    expect(more.body).toMatchObject({ waitingList: true });
    expect(await capacity(app)).toMatchObject({ registered: 20, waitingList: 2 });
  });
});

describe('registerArrivals with a cap on unpaid holds', () => {
  const now = new Date('2026-11-20T10:00:00Z');
  const arrival = (n: number, clientKey?: string) => ({
    registrationId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    event: 'bucharest',
    time: OPEN_SLOT,
    locale: 'en' as const,
    name: 'N',
    email: `n${n}@example.com`,
    whatsapp: '1',
    dream: 'd',
    dreamedCaptured: false,
    ...(clientKey ? { clientKey } : {}),
  });
  const placements = (decisions: ReturnType<typeof registerArrivals>) =>
    decisions.map((decision) =>
      decision instanceof Error
        ? decision.constructor.name
        : decision[0].type === 'RegistrationCreated'
          ? decision[0].data.placement
          : '?',
    );

  it('counts the holds an address has and those it takes in the same batch', () => {
    const held = new Map([['a', { count: 1, firstExpiresAt: new Date('2026-11-20T10:12:00Z') }]]);
    const decisions = registerArrivals(
      [
        arrival(1, 'a'),
        arrival(2, 'a'),
        arrival(3, 'b'),
        arrival(4, 'b'),
        arrival(5, 'b'),
        arrival(6),
      ],
      { seatLimit: 20, seatsTaken: 0 },
      new Set(),
      now,
      30,
      { limit: 2, held },
    );
    expect(placements(decisions)).toEqual([
      'seat',
      'UnpaidHoldsCapError',
      'seat',
      'seat',
      'UnpaidHoldsCapError',
      'seat',
    ]);
    // The first of a's holds lapses in 12 minutes: that is when to try again.
    const refused = decisions[1] as UnpaidHoldsCapError;
    expect(refused.retryAfterSeconds).toBe(12 * 60);
    expect(refused.message).toBe(
      '2 seats are already held from this address and not yet paid. Please finish the open payment, or try again in 12 minutes.',
    );
  });

  it('never caps the waiting list, and keeps the duplicate first', () => {
    const held = new Map([['a', { count: 2, firstExpiresAt: null }]]);
    const full = { seatLimit: 20, seatsTaken: 20 };
    expect(
      placements(registerArrivals([arrival(1, 'a')], full, new Set(), now, 30, { limit: 2, held })),
    ).toEqual(['waiting-list']);
    expect(
      placements(
        registerArrivals(
          [arrival(1, 'a')],
          { seatLimit: 20, seatsTaken: 0 },
          new Set(['n1@example.com']),
          now,
          30,
          {
            limit: 2,
            held,
          },
        ),
      ),
    ).toEqual(['DuplicateRegistrationError']);
    expect(
      placements(
        registerArrivals([arrival(1, 'a')], { seatLimit: 20, seatsTaken: 0 }, new Set(), now, 30, {
          limit: 0,
          held,
        }),
      ),
    ).toEqual(['seat']);
  });
});

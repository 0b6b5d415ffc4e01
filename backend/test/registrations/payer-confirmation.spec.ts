import { appsOnOwnDatabase, type TestApp } from '../test-app';
import { registrationBody, request } from '../http';

const PHONE = '+40 723 456 789';
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** Every way the phone could be written in an answer: as given, or its digits alone. */
function mentionsPhone(body: unknown): boolean {
  const text = JSON.stringify(body);
  return text.includes(PHONE) || text.replace(/\D/g, '').includes(PHONE.replace(/\D/g, ''));
}

describe("the payer's confirmation (phone included) and the public registration (no phone)", () => {
  let app: TestApp;

  const opened = appsOnOwnDatabase();

  beforeAll(async () => {
    app = opened.app;
  });

  /** Registers, pays in the sandbox, and answers where the payment page sent the browser. */
  async function registerAndPay(): Promise<{ registrationId: string; successUrl: URL }> {
    const registered = await request<{ url: string; registrationId: string }>(
      app.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody({ whatsapp: PHONE, name: 'Petra Payer' }),
    );
    expect(registered.status).toBe(200);
    const paid = await fetch(`${app.url}${new URL(registered.body.url).pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(GOOD_CARD).toString(),
    });
    expect(paid.status).toBe(303);
    return {
      registrationId: registered.body.registrationId,
      successUrl: new URL(paid.headers.get('location')!),
    };
  }

  it('answers the phone to the holder of the checkout session id the payment page returned', async () => {
    const { registrationId, successUrl } = await registerAndPay();
    expect(successUrl.pathname).toBe('/confirmation');
    const sessionId = successUrl.searchParams.get('session_id')!;
    expect(sessionId).toMatch(/^cs_sandbox_/);

    const payer = await request(
      app.url,
      'GET',
      `/api/checkout-sessions/${encodeURIComponent(sessionId)}/registration`,
    );
    expect(payer.status).toBe(200);
    expect(payer.headers.get('cache-control')).toBe('no-store');
    expect(payer.body).toEqual({
      registrationId,
      name: 'Petra Payer',
      email: expect.stringMatching(/@example\.com$/),
      whatsapp: PHONE,
      event: 'bucharest',
      time: expect.any(String),
      waitingList: false,
      paid: true,
      status: 'paid',
      // The ticket itself is tested with the tickets (test/day-of-show/tickets-issued.spec.ts).
      ticket: expect.objectContaining({ code: expect.stringMatching(/^T1\./) }),
    });
  });

  it('keeps the public GET /api/registrations/{id} to SPEC section 7 and its status, without the phone', async () => {
    const { registrationId } = await registerAndPay();
    const shown = await request(app.url, 'GET', `/api/registrations/${registrationId}`);
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.body).sort()).toEqual(
      ['email', 'event', 'name', 'time', 'waitingList', 'status', 'sharesDreams'].sort(),
    );
    expect(mentionsPhone(shown.body)).toBe(false);
  });

  it('answers a stranger who holds only the registration id, or a guessed session id, 404, and one that is no session id 400', async () => {
    const { registrationId, successUrl } = await registerAndPay();
    const sessionId = successUrl.searchParams.get('session_id')!;
    // Well-formed session ids that name nothing: 404. Anything else (a registration id, a %, a
    // quote) is no checkout session id (cs_…) and is refused as such: 400. Neither says more.
    const guesses = [
      [`cs_sandbox_${registrationId.replaceAll('-', '')}`, 404],
      [`${sessionId.slice(0, -1)}${sessionId.endsWith('A') ? 'B' : 'A'}`, 404],
      [registrationId, 400],
      ['cs_sandbox_%25', 400],
      ["cs_sandbox_' OR '1'='1", 400],
    ] as const;
    for (const [guess, status] of guesses) {
      const answer = await request(
        app.url,
        'GET',
        `/api/checkout-sessions/${encodeURIComponent(guess)}/registration`,
      );
      expect({ guess, status: answer.status }).toEqual({ guess, status });
      expect(mentionsPhone(answer.body)).toBe(false);
    }
  });
});

import { registrationBody, OPEN_SLOT, request } from '../http';
import { appsOnOwnDatabase } from '../test-app';

const TOKEN = 'metrics-token-for-the-tests';

function scrape(url: string, authorization?: string) {
  return fetch(`${url}/metrics`, {
    headers: authorization ? { authorization } : {},
  });
}

/** The value of one sample of the text format, e.g. sample(text, 'outbox_backlog{work="email"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics with METRICS_TOKEN set', () => {
  const fleet = appsOnOwnDatabase([{ env: { METRICS_TOKEN: TOKEN } }]);

  it('answers 401 in the JSON error shape without the token or with another', async () => {
    const [app] = fleet.apps;
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`, TOKEN]) {
      const answer = await scrape(app.url, authorization);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await answer.json()).toEqual({
        statusCode: 401,
        code: 'metrics-token-required',
        message: 'The metrics need the bearer token set in METRICS_TOKEN',
        errors: [],
      });
    }
  });

  it('gives the figures an operator alerts on, in Prometheus text format', async () => {
    const [app] = fleet.apps;
    const created = await request<{ registrationId: string }>(
      app.url,
      'POST',
      '/api/create-checkout-session',
      registrationBody(),
    );
    expect(created.status).toBe(200);
    expect((await request(app.url, 'GET', '/api/capacity')).status).toBe(200);
    const unknownId = '00000000-0000-4000-8000-00000000abcd';
    expect((await request(app.url, 'GET', `/api/registrations/${unknownId}`)).status).toBe(404);

    const answer = await scrape(app.url, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = await answer.text();

    // Request durations by declared route and status, never by the path asked.
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/capacity",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/registrations/:id",status="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain(unknownId);
    // The pool, the outbox (the registration queued nothing yet: held seats email on payment).
    expect(sample(text, 'database_pool_connections{state="max"}')).toBe(10);
    expect(sample(text, 'database_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'outbox_backlog{work="email"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'outbox_backlog{work="refund"}')).toBe(0);
    expect(sample(text, 'outbox_oldest_age_seconds{work="refund"}')).toBe(0);
    expect(sample(text, 'metrics_database_figures_up')).toBe(1);
    // The seats of the open slot.
    const slot = `event="bucharest",slot="${OPEN_SLOT}"`;
    expect(sample(text, `slot_seats{${slot},state="held"}`)).toBe(1);
    expect(sample(text, `slot_seats{${slot},state="paid"}`)).toBe(0);
    expect(sample(text, `slot_seats{${slot},state="limit"}`)).toBe(20);
    expect(text).toContain('# TYPE database_unavailable_answers_total counter');
    expect(text).toContain('# TYPE outbox_lease_recoveries_total counter');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const fleet = appsOnOwnDatabase([{}]);

  it('does not exist', async () => {
    const [app] = fleet.apps;
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const answer = await scrape(app.url, authorization);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ statusCode: 404, errors: [] });
    }
  });
});

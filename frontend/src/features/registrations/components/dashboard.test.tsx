import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, OWNER_SESSION } from '../../../test/render';
import type { AdminRegistration } from '../api/admin-registration';
import { registration, served } from '../../../test/console-fixtures';
import CommandCenterPage from '../../../app/command-center/command-center-page';

const PASSWORD = 'correct horse';

/** A seat paid through the payment provider: a refund is there to give. */
const DANA_PAID = registration({
  id: '00000000-0000-4000-8000-00000000dddd',
  name: 'Dana Paid',
  paid: true,
  status: 'paid',
  stripeSessionId: 'cs_test_paid',
});

interface Call {
  method: string;
  url: string;
  body: unknown;
  contentType: string | undefined;
}

/**
 * GET /api/admin/registrations as the server answers it, over the stand-in's rows: the search
 * (name, email, phone), the status, event and slot filters, the totals and the slots' seats.
 */
function registrationPage(
  state: { registrations: AdminRegistration[]; registered: number },
  query: URLSearchParams,
) {
  const q = query.get('q')?.toLowerCase();
  const matches = state.registrations.filter(
    (r) =>
      (!q ||
        [r.name, r.firstName, r.lastName, r.email, r.whatsapp].some((value) =>
          value?.toLowerCase().includes(q),
        )) &&
      (!query.get('status') || query.get('status') === served(r).listedAs) &&
      (!query.get('event') || r.event === query.get('event')) &&
      (!query.get('time') || r.time === query.get('time')),
  );
  const slots = new Map<string, { event: string; time: string; seats: number; waiting: number }>();
  for (const r of state.registrations) {
    const key = `${r.event} ${r.time}`;
    const slot = slots.get(key) ?? { event: r.event, time: r.time, seats: 0, waiting: 0 };
    if (r.waitingList) slot.waiting += 1;
    else slot.seats += 1;
    slots.set(key, slot);
  }
  const counts = Object.fromEntries(
    ['confirmed', 'waiting', 'held', 'offered', 'cancelled', 'released', 'refunded'].map(
      (filter) => [filter, 0],
    ),
  );
  const unfilteredByStatus = state.registrations.filter(
    (r) =>
      (!q ||
        [r.name, r.firstName, r.lastName, r.email, r.whatsapp].some((value) =>
          value?.toLowerCase().includes(q),
        )) &&
      (!query.get('event') || r.event === query.get('event')) &&
      (!query.get('time') || r.time === query.get('time')),
  );
  for (const r of unfilteredByStatus) counts[served(r).listedAs] += 1;
  return {
    registrations: matches.map(served),
    nextCursor: null,
    matched: matches.length,
    matchedCapped: false,
    total: state.registrations.length,
    statusCounts: { ...counts, all: unfilteredByStatus.length },
    slots: [...slots.values()].map((slot) => ({
      ...slot,
      seats: slot.event === 'bucharest' ? state.registered : slot.seats,
      limit: 20,
      held: 0,
      paid: 0,
    })),
  };
}

/** A small stand-in for the admin API, with state, answering as issue 4 describes. */
function fakeAdminApi({
  live = false,
  registrations = [
    registration({ id: '00000000-0000-4000-8000-00000000aaaa' }),
    registration({
      id: '00000000-0000-4000-8000-00000000bbbb',
      name: null,
      firstName: null,
      lastName: null,
      email: 'nobody@example.com',
      waitingList: true,
    }),
    registration({
      id: '00000000-0000-4000-8000-00000000cccc',
      name: null,
      firstName: 'Giulia',
      lastName: 'Rossi',
      event: 'matera',
      time: '20:00',
      dreamedCaptured: true,
      status: 'paid',
      paid: true,
      stripeSessionId: 'cs_test_1',
    }),
  ],
  registered = 20,
}: { live?: boolean; registrations?: AdminRegistration[]; registered?: number } = {}) {
  const state = { live, registrations: [...registrations], registered, expireNext: false };
  const calls: Call[] = [];
  const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
    ({
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(headers),
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    }) as unknown as Response;
  const unauthorized = () => answer(401, { statusCode: 401, message: 'Unauthorized', errors: [] });

  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const contentType = (init?.headers as Record<string, string> | undefined)?.['Content-Type'];
    calls.push({ method, url, body, contentType });
    if (url === '/api/admin/session')
      return answer(200, state.live ? OWNER_SESSION : { authenticated: false });
    if (url === '/api/admin/login') {
      const password = (body as { password: string }).password;
      if (password === 'throttle me') {
        return answer(
          429,
          { statusCode: 429, message: 'Too many', errors: [] },
          { 'Retry-After': '600' },
        );
      }
      if (password === 'network down') throw new TypeError('Failed to fetch');
      if (password !== PASSWORD) {
        return answer(401, { statusCode: 401, message: 'Access Denied', errors: [] });
      }
      state.live = true;
      return answer(200, OWNER_SESSION);
    }
    if (url === '/api/admin/logout') {
      state.live = false;
      return answer(204);
    }
    if (url === '/api/events') {
      return answer(200, [
        {
          slug: 'bucharest',
          status: 'open',
          timeZone: 'Europe/Bucharest',
          slots: [
            {
              time: 'Oct 19 - 7:00pm',
              startsAt: '2025-10-19T16:00:00.000Z',
              status: 'closed',
              capacity: 20,
            },
            { time: 'Oct 30 - 7:30pm', status: 'open', capacity: 20 },
          ],
        },
        {
          slug: 'napoli',
          status: 'completed',
          slots: [{ time: '19:00', status: 'closed', capacity: 20 }],
        },
        {
          slug: 'cluj',
          city: 'Cluj-Napoca',
          localised: { it: { city: 'Cluj (Transilvania)' } },
          status: 'open',
          slots: [{ time: 'Dec 3 - 7:30pm', status: 'open', capacity: 20 }],
        },
      ]);
    }
    if (!state.live || state.expireNext) return unauthorized();
    if (url.startsWith('/api/admin/registrations/per-day?')) {
      return answer(200, [{ day: '2025-10-01', count: state.registrations.length }]);
    }
    if (url.startsWith('/api/admin/registrations?') && method === 'GET') {
      return answer(200, registrationPage(state, new URL(url, 'http://localhost').searchParams));
    }
    const match = /^\/api\/(?:admin\/)?registrations\/([^/?]+)(?:\/([a-z-]+))?(?:\?.*)?$/.exec(url);
    const target = state.registrations.find((r) => r.id === match?.[1]);
    if (!match || !target)
      return answer(404, { statusCode: 404, message: 'Not found', errors: [] });
    const action = match[2];
    if (method === 'DELETE') {
      state.registrations = state.registrations.filter((r) => r !== target);
      state.registered -= target.waitingList ? 0 : 1;
      return answer(204);
    }
    if (action === 'confirm') {
      if (state.registered >= 20) {
        return answer(409, { statusCode: 409, message: 'This time slot is full.', errors: [] });
      }
      target.status = 'confirmed';
      state.registered += 1;
      return answer(200, served(target));
    }
    if (action === 'cancel') {
      if (target.status === 'cancelled') {
        return answer(409, {
          statusCode: 409,
          message: 'This registration is already cancelled.',
          errors: [],
        });
      }
      target.status = 'cancelled';
      return answer(200, served(target));
    }
    if (action === 'paid') {
      Object.assign(target, body);
      // The operator's mark keeps a held seat as a payment does; taking it back holds it again.
      if (target.paid && target.status === 'held') target.status = 'paid';
      else if (!target.paid && target.status === 'paid') target.status = 'held';
    }
    if (action === 'dreamed-captured') Object.assign(target, body);
    if (action === 'dream') Object.assign(target, body);
    if (action === 'history') {
      return answer(200, {
        registrationId: target.id,
        deleted: false,
        events: [
          {
            position: 1,
            type: 'RegistrationCreated',
            recordedAt: '2025-10-01T10:00:00.000Z',
            actor: 'visitor',
            payload: { event: 'bucharest', name: target.name },
            erasedFields: [],
            status: 'held',
            listedAs: 'held',
          },
          {
            position: 7,
            type: 'PaidFlagSet',
            recordedAt: '2025-10-02T10:00:00.000Z',
            actor: 'admin',
            payload: { paid: true },
            erasedFields: [],
            status: 'paid',
            listedAs: 'confirmed',
          },
          {
            position: 9,
            type: 'RegistrationDeleted',
            recordedAt: '2025-10-03T10:00:00.000Z',
            actor: 'admin',
            payload: {},
            erasedFields: [],
            status: 'deleted',
            listedAs: null,
          },
        ],
      });
    }
    return answer(200, served(target));
  }) as typeof fetch;
  return { state, calls };
}

function renderConsole() {
  return renderWithProviders(<CommandCenterPage />, { route: '/admin', path: '/admin' });
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { level: 1, name: 'Command Center' });
  await listShown();
}

/** The header's count, and the feed's cards, which the virtualiser draws once it is measured. */
async function listShown() {
  await screen.findByText('3 registrations');
  await screen.findAllByRole('article');
}

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

// jsdom has <dialog> but not its modal methods; browsers do (the e2e tests use the real ones).
// It lays nothing out either: the feed's scroll box is given a height, so the virtualiser draws.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 800 });
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the gate', () => {
  it('keeps Login disabled while the password is empty, refuses a wrong one, admits the right one', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi();
    renderConsole();

    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    expect(calls.some((call) => call.url.startsWith('/api/admin/registrations?'))).toBe(false);

    await user.type(screen.getByLabelText('Password'), 'wrong');
    expect(login).toBeEnabled();
    await user.click(login);
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('Invalid password. Please try again.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await logIn(user);
    expect(screen.getByText('Access Granted')).toBeInTheDocument();
    expect(screen.getByText('Welcome to the admin console.')).toBeInTheDocument();
    const loginCall = calls.find(
      (call) => call.url === '/api/admin/login' && call.body !== undefined,
    );
    expect(loginCall).toMatchObject({ method: 'POST', contentType: 'application/json' });
    expect(
      calls.filter((call) => call.url === '/api/admin/login').map((call) => call.body),
    ).toEqual([{ password: 'wrong' }, { password: PASSWORD }]);
  });

  it('says Login Error when the server cannot be reached, and how long to wait when throttled', async () => {
    const user = userEvent.setup();
    fakeAdminApi();
    renderConsole();
    await user.type(await screen.findByLabelText('Password'), 'network down');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to authenticate. Please try again.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'throttle me');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Too Many Attempts')).toBeInTheDocument();
    expect(
      screen.getAllByText('Too many failed logins. Try again in 10 minutes.').length,
    ).toBeGreaterThan(0);
  });

  it('keeps a live session across a reload', async () => {
    const { calls } = fakeAdminApi({ live: true });
    renderConsole();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Command Center' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('3 registrations')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/admin/login')).toBe(false);
  });

  it('returns to the gate and says why when the session expires', async () => {
    const user = userEvent.setup();
    const api = fakeAdminApi();
    renderConsole();
    await logIn(user);
    api.state.expireNext = true;
    await user.click(within(card('Ana Pop')).getByRole('button', { name: 'Mark paid' }));
    expect(
      await screen.findByText('Your session has expired. Please log in again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });

  it('logs out on the server and shows Logged Out', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi();
    renderConsole();
    await logIn(user);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/admin/logout')).toBe(
      true,
    );
    expect(screen.queryByText('Ana Pop')).not.toBeInTheDocument();
  });
});

describe('the dashboard', () => {
  it('shows each slot with its seat badge, and each row as SPEC says, in a feed', async () => {
    fakeAdminApi({ live: true });
    renderConsole();
    await listShown();

    const slots = within(screen.getByRole('list', { name: 'Slots and seats' })).getAllByRole(
      'listitem',
    );
    const bucharest = slots.find((item) => item.textContent?.includes('Bucharest · 7:30pm'))!;
    expect(within(bucharest).getByText('FULL')).toBeInTheDocument();
    expect(within(bucharest).getByText('20 / 20 seats')).toBeInTheDocument();
    const matera = slots.find((item) => item.textContent?.includes('Matera · 8:00 PM'))!;
    expect(within(matera).getByText('OPEN')).toBeInTheDocument();

    const feed = screen.getByRole('feed', { name: 'Registrations' });
    expect(within(feed).getAllByRole('article')).toHaveLength(3);
    expect(card('Ana Pop')).toHaveAttribute('aria-posinset', '1');
    expect(card('Ana Pop')).toHaveAttribute('aria-setsize', '3');
    expect(await screen.findByRole('listitem', { name: '2025-10-01: 3' })).toBeInTheDocument();

    const ana = card('Ana Pop');
    expect(within(ana).getByText('#00AAAA')).toBeInTheDocument();
    // A seat held while its payment is open is not (yet) CONFIRMED, and not paid.
    expect(within(ana).getAllByText('HELD').length).toBeGreaterThan(0);
    expect(within(ana).queryByText('CONFIRMED')).not.toBeInTheDocument();
    expect(within(ana).getAllByText('NO').length).toBeGreaterThan(0);
    expect(within(ana).getByRole('button', { name: 'Mark paid' })).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();

    // A card payment is CONFIRMED and paid; it goes back by a refund, not by un-marking.
    const giulia = card('Giulia Rossi');
    expect(within(giulia).getAllByText('CONFIRMED').length).toBeGreaterThan(0);
    expect(within(giulia).getByText('Seat paid by card')).toBeInTheDocument();
    expect(within(giulia).getAllByText('YES').length).toBeGreaterThan(0);
    expect(within(giulia).queryByRole('button', { name: 'Mark unpaid' })).not.toBeInTheDocument();

    const unknown = card('Unknown Name');
    expect(within(unknown).getAllByText('WAITING').length).toBeGreaterThan(0);
    expect(within(unknown).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(card('Giulia Rossi')).toBeInTheDocument();
  });

  it('names an event announced from the Tour page by its city, as the tour gives it', async () => {
    fakeAdminApi({
      live: true,
      registrations: [
        registration({
          id: '00000000-0000-4000-8000-00000000dddd',
          name: 'Dan Cluj',
          event: 'cluj',
          time: 'Dec 3 - 7:30pm',
        }),
      ],
    });
    renderConsole();
    await screen.findByText('1 registration');
    expect(await within(card('Dan Cluj')).findByText('Cluj-Napoca')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Slots and seats' })).getByText(/^Cluj-Napoca · /),
    ).toBeInTheDocument();
    // The list's event filter and the export's event choice.
    const options = screen.getAllByRole('option', { name: 'Cluj-Napoca' });
    expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual(['cluj', 'cluj']);
  });

  it('names an announced event by the city the operator gave it in their language', async () => {
    window.localStorage.setItem('language', 'it');
    fakeAdminApi({
      live: true,
      registrations: [
        registration({
          id: '00000000-0000-4000-8000-00000000dddd',
          name: 'Dan Cluj',
          event: 'cluj',
          time: 'Dec 3 - 7:30pm',
        }),
      ],
    });
    try {
      renderConsole();
      const dan = await screen.findByRole('article', { name: 'Dan Cluj' });
      expect(await within(dan).findByText('Cluj (Transilvania)')).toBeInTheDocument();
      const options = screen.getAllByRole('option', { name: 'Cluj (Transilvania)' });
      expect(options.map((option) => (option as HTMLOptionElement).value)).toEqual([
        'cluj',
        'cluj',
      ]);
    } finally {
      window.localStorage.removeItem('language');
    }
  });

  it('asks the server to search and filter, and announces the counts politely', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi({ live: true });
    renderConsole();
    await listShown();
    await user.type(screen.getByLabelText('Search by name, email or phone'), 'nobody@');
    const showing = await screen.findByText('Showing 1 of 3');
    expect(showing).toHaveAttribute('aria-live', 'polite');
    expect(card('Unknown Name')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ana Pop' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('q=nobody%40'))).toBe(true);

    await user.clear(screen.getByLabelText('Search by name, email or phone'));
    // Each filter says how many it lists, counted by the server.
    expect(screen.getByRole('option', { name: 'Confirmed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Seat held, unpaid (1)' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    expect(await screen.findByText('Showing 1 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Unknown Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ana Pop' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await screen.findAllByRole('option', { name: 'Matera' });
    await user.selectOptions(screen.getByLabelText('Filter by event'), 'matera');
    expect(await screen.findByText('Showing 1 of 3')).toBeInTheDocument();
    expect(card('Giulia Rossi')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Filter by time slot'), '20:00');
    expect(calls.some((call) => call.url.includes('event=matera&time=20%3A00'))).toBe(true);
  });

  it('toggles paid and dream captured by sending the inverse, then refetches the list', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi({ live: true });
    renderConsole();
    await listShown();
    const listReads = () =>
      calls.filter((call) => call.url.startsWith('/api/admin/registrations?')).length;
    const before = listReads();

    await user.click(within(card('Ana Pop')).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payment Status Updated')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/registrations/00000000-0000-4000-8000-00000000aaaa/paid',
        body: { paid: true },
        contentType: 'application/json',
      }),
    );
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
    expect(
      await within(card('Ana Pop')).findByRole('button', { name: 'Mark unpaid' }),
    ).toBeInTheDocument();

    await user.click(
      within(card('Giulia Rossi')).getByRole('button', { name: 'Mark not captured' }),
    );
    expect(await screen.findByText('Status Updated')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/registrations/00000000-0000-4000-8000-00000000cccc/dreamed-captured',
        body: { dreamedCaptured: false },
      }),
    );
  });

  it('edits and saves a dream', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi({ live: true });
    renderConsole();
    await listShown();
    const ana = card('Ana Pop');
    await user.click(within(ana).getByRole('button', { name: 'Edit dream' }));
    const editor = within(ana).getByLabelText('Dream text');
    const save = within(ana).getByRole('button', { name: 'Save dream' });
    expect(save).toBeDisabled();
    await user.clear(editor);
    await user.type(editor, 'Too short.');
    expect(save).toBeDisabled();
    const dream = 'A corrected dream: '.padEnd(120, 'ă');
    await user.clear(editor);
    await user.type(editor, dream);
    await user.click(save);
    expect(await screen.findByText('Dream Saved')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        body: { dream },
        contentType: 'application/json',
      }),
    );
    expect(await within(card('Ana Pop')).findByText(dream)).toBeInTheDocument();
  });

  it('confirms a waiting-list entry, and shows the server message when the slot is full', async () => {
    const user = userEvent.setup();
    const api = fakeAdminApi({ live: true });
    renderConsole();
    await listShown();
    await user.click(within(card('Unknown Name')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmation Failed')).toBeInTheDocument();
    expect(screen.getByText('This time slot is full.')).toBeInTheDocument();

    api.state.registered = 19;
    await user.click(within(card('Unknown Name')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Registration Confirmed!')).toBeInTheDocument();
    expect(await screen.findByText('20 / 20 seats')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(card('Unknown Name')).queryByRole('button', { name: 'Confirm' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('deletes only through a dialog that names the person and says it cannot be undone', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi({ live: true });
    renderConsole();
    await listShown();
    await user.click(within(card('Ana Pop')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this registration?' });
    expect(dialog).toHaveTextContent('Ana Pop (#00AAAA)');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    // Focus starts on Cancel, so Enter does not delete.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(card('Ana Pop')).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    expect(await screen.findByText('Registration Deleted')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'DELETE',
        url: '/api/registrations/00000000-0000-4000-8000-00000000aaaa?refund=false',
      }),
    );
    expect(await screen.findByText('2 registrations')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Ana Pop' })).not.toBeInTheDocument();
  });

  it.each([
    [true, 'refund=true'],
    [false, 'refund=false'],
  ])(
    'says the person paid and offers the refund, on by default (refund %s)',
    async (refund, query) => {
      const user = userEvent.setup();
      const { calls } = fakeAdminApi({
        live: true,
        registrations: [DANA_PAID],
      });
      renderConsole();
      await screen.findByText('1 registration');
      await user.click(within(card('Dana Paid')).getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this registration?' });
      expect(dialog).toHaveTextContent(
        'Dana Paid paid for this seat through the payment provider.',
      );
      const choice = within(dialog).getByRole('checkbox', { name: /refund the payment/i });
      expect(choice).toBeChecked();
      if (!refund) await user.click(choice);
      await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
      expect(await screen.findByText('Registration Deleted')).toBeInTheDocument();
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'DELETE',
          url: `/api/registrations/00000000-0000-4000-8000-00000000dddd?${query}`,
        }),
      );
    },
  );

  it('cancels with the refund, or without, each through a dialog, and shows who holds an offer', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi({
      live: true,
      registrations: [
        DANA_PAID,
        registration({
          id: '00000000-0000-4000-8000-00000000eeee',
          name: 'Olga Offered',
          status: 'offered',
          holdExpiresAt: '2030-05-01T09:00:00.000Z',
        }),
      ],
    });
    renderConsole();
    await screen.findByText('2 registrations');
    expect(within(card('Olga Offered')).getByText(/held until .*2030/)).toBeInTheDocument();
    expect(within(card('Olga Offered')).getAllByText('OFFERED').length).toBeGreaterThan(0);
    // Nothing was paid through the provider: there is nothing to refund.
    expect(
      within(card('Olga Offered')).queryByRole('button', { name: 'Cancel and refund' }),
    ).not.toBeInTheDocument();

    await user.click(within(card('Dana Paid')).getByRole('button', { name: 'Cancel and refund' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Cancel and refund this registration?',
    });
    expect(dialog).toHaveTextContent('Dana Paid (#00DDDD)');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);

    await user.click(within(card('Dana Paid')).getByRole('button', { name: 'Cancel and refund' }));
    const confirmed = await screen.findByRole('alertdialog', {
      name: 'Cancel and refund this registration?',
    });
    await user.click(within(confirmed).getByRole('button', { name: 'Cancel and refund' }));
    expect(await screen.findByText('Registration Cancelled')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/api/admin/registrations/00000000-0000-4000-8000-00000000dddd/cancel',
        body: { refund: true },
      }),
    );

    await user.click(within(card('Olga Offered')).getByRole('button', { name: 'Cancel' }));
    const plain = await screen.findByRole('alertdialog', { name: 'Cancel this registration?' });
    await user.click(within(plain).getByRole('button', { name: 'Cancel the registration' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          url: '/api/admin/registrations/00000000-0000-4000-8000-00000000eeee/cancel',
          body: { refund: false },
        }),
      ),
    );
  });

  it('shows the seat number, and asks why before cancelling a person let in at the door', async () => {
    const user = userEvent.setup();
    const { calls } = fakeAdminApi({
      live: true,
      registrations: [
        registration({
          id: '00000000-0000-4000-8000-00000000ffff',
          name: 'Ion Inside',
          paid: true,
          status: 'paid',
          door: 'checked-in',
          seat: 7,
        }),
      ],
    });
    renderConsole();
    await screen.findByText('1 registration');
    expect(within(card('Ion Inside')).getByText('Seat').nextSibling).toHaveTextContent('7');

    await user.click(within(card('Ion Inside')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this registration?' });
    expect(dialog).toHaveTextContent(/Ion Inside was let in at the door/);
    // No reason, no request: the field is where the operator is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the registration' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'Left at the interval');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the registration' }));
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({
          url: '/api/admin/registrations/00000000-0000-4000-8000-00000000ffff/cancel',
          body: { refund: false, reason: 'Left at the interval' },
        }),
      ),
    );
  });

  it('opens the history drawer with the events in order', async () => {
    const user = userEvent.setup();
    fakeAdminApi({ live: true });
    renderConsole();
    await listShown();
    await user.click(within(card('Ana Pop')).getByRole('button', { name: 'History' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of Ana Pop' });
    const items = await within(drawer).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Registered');
    expect(items[0]).toHaveTextContent('by visitor');
    // Each event says the status it left the registration in, as the server's fold says it.
    expect(items[0]).toHaveTextContent('Status afterwards: HELD');
    expect(items[1]).toHaveTextContent('Paid flag set');
    expect(items[1]).toHaveTextContent('by operator');
    expect(items[1]).toHaveTextContent('Status afterwards: CONFIRMED');
    expect(items[2]).toHaveTextContent('Status afterwards: DELETED');
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("has the server stream the CSV files, in the operator's words, and says the counts", async () => {
    const user = userEvent.setup();
    const clicks: { download: string; href: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ download: this.download, href: this.getAttribute('href') ?? '' });
    });
    fakeAdminApi({ live: true });
    renderConsole();
    await listShown();

    await user.click(screen.getByRole('button', { name: 'Export all' }));
    expect(await screen.findByText('Export Successful')).toBeInTheDocument();
    expect(
      screen.getByText(
        // Every registration, as the file has them: the count of the same rows.
        /^3 registrations exported to registrations-\d{4}-\d{2}-\d{2}\.csv\.$/,
      ),
    ).toBeInTheDocument();
    expect(clicks[0]!.download).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
    const all = new URL(clicks[0]!.href, 'http://localhost');
    expect(all.pathname).toBe('/api/admin/registrations/export');
    expect(all.searchParams.getAll('column')).toEqual([
      'Name',
      'User ID',
      'Email',
      'Phone',
      'Event',
      'Time',
      'Registered',
      'Dreamed',
      'Dream',
      'Status',
      'Paid',
      'Language',
      'Shared dreams',
      'Door',
    ]);
    expect(all.searchParams.get('yes')).toBe('YES');
    expect(all.searchParams.get('unknownName')).toBe('Unknown Name');
    expect(all.searchParams.has('event')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Event'), 'matera');
    await user.click(screen.getByRole('button', { name: 'Export event' }));
    await waitFor(() =>
      expect(clicks[1]!.download).toMatch(/^registrations-matera-\d{4}-\d{2}-\d{2}\.csv$/),
    );
    expect(new URL(clicks[1]!.href, 'http://localhost').searchParams.get('event')).toBe('matera');
    await user.click(screen.getByRole('button', { name: 'Export slot' }));
    await waitFor(() =>
      expect(clicks[2]!.download).toMatch(/^registrations-matera-20-00-\d{4}-\d{2}-\d{2}\.csv$/),
    );
    expect(new URL(clicks[2]!.href, 'http://localhost').searchParams.get('time')).toBe('20:00');
  });

  it('says No Registrations for an event, or a slot, that has none', async () => {
    const user = userEvent.setup();
    fakeAdminApi({ live: true });
    renderConsole();
    await listShown();
    await screen.findAllByRole('option', { name: 'Napoli' });
    await user.selectOptions(screen.getByLabelText('Event'), 'napoli');
    await user.click(screen.getByRole('button', { name: 'Export event' }));
    expect(await screen.findByText('No Registrations')).toBeInTheDocument();
    expect(screen.getByText('There are no registrations for Napoli.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Event'), 'bucharest');
    await user.selectOptions(screen.getByLabelText('Time slot'), 'Oct 19 - 7:00pm');
    await user.click(screen.getByRole('button', { name: 'Export slot' }));
    // The slot is named by its start where the show is, not by its key.
    expect(
      await screen.findByText(
        /^There are no registrations for Bucharest at Sun, Oct 19, 7:00\s?PM\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^Sun, Oct 19, 7:00\s?PM$/ })).toHaveValue(
      'Oct 19 - 7:00pm',
    );
  });

  it('says No Data to Export when there are no registrations', async () => {
    const user = userEvent.setup();
    fakeAdminApi({ live: true, registrations: [] });
    renderConsole();
    expect(await screen.findByText('No registrations yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export all' }));
    expect(await screen.findByText('No Data to Export')).toBeInTheDocument();
  });

  it('polls the list every 5 seconds while the live stream is down, after login only', async () => {
    jest.useFakeTimers();
    try {
      const { calls } = fakeAdminApi({ live: true });
      renderConsole();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      const reads = () =>
        calls.filter((call) => call.url.startsWith('/api/admin/registrations?')).length;
      const list = reads();
      expect(list).toBe(1);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5000);
      });
      expect(reads()).toBe(list + 1);
    } finally {
      jest.useRealTimers();
    }
  });
});

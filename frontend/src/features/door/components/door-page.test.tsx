import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import DoorRoute from '../../../app/door-route';
import { DOOR_SESSION, fakeFetch, renderWithProviders } from '../../../test/render';
import type { DoorList } from '../model/door-list';
import vectors from '../model/ticket-vectors.json';

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const EVENTS = [
  {
    slug: 'bucharest',
    city: 'Bucharest',
    venue: 'MNAC',
    localised: {},
    date: '2025-10-30',
    timeZone: 'Europe/Bucharest',
    status: 'open',
    priceMinor: 3500,
    currency: 'RON',
    slots: [
      {
        time: 'Oct 30 - 7:30pm',
        startsAt: '2025-10-30T17:30:00.000Z',
        status: 'open',
        capacity: 20,
      },
    ],
  },
];

/** The door's routes as the contract has them, over one slot's list held here. */
function doorServer() {
  const state = {
    list: clone(vectors.doorList) as DoorList,
    network: true,
    firstByOtherPhone: new Set<string>(),
    signedIn: true,
  };
  const calls = fakeFetch((method, url, body) => {
    if (!state.network) throw new TypeError('Failed to fetch');
    if (url === '/api/admin/session') return { body: DOOR_SESSION };
    if (url === '/api/events') return { body: EVENTS };
    if (!state.signedIn && url.startsWith('/api/admin/tour/')) {
      return { status: 401, body: { statusCode: 401, message: 'Unauthorized', errors: [] } };
    }
    if (url === '/api/admin/tour/events/bucharest/slots/Oct%2030%20-%207%3A30pm/door') {
      return { body: { ...state.list, syncedAt: new Date().toISOString() } };
    }
    if (method === 'POST' && url === '/api/admin/check-ins') {
      const { handle } = body as { handle: string };
      const person = state.list.seated.find((seated) => seated.handle === handle);
      if (!person) return { status: 404, body: { statusCode: 404, message: 'Not found' } };
      if (state.firstByOtherPhone.has(handle)) {
        person.state = 'checked-in';
        person.checkedInAt = '2025-10-30T17:02:00.000Z';
        person.checkedInBy = 'Bianca Box';
        person.checkedInDevice = 'Door phone 2';
      }
      if (person.state === 'checked-in') {
        return {
          status: 409,
          body: {
            statusCode: 409,
            message: 'Already checked in',
            checkIn: {
              handle,
              name: person.name,
              checkedInAt: person.checkedInAt,
              checkedInBy: person.checkedInBy,
              checkedInDevice: person.checkedInDevice ?? null,
            },
          },
        };
      }
      Object.assign(person, {
        state: 'checked-in',
        checkedInAt: new Date().toISOString(),
        checkedInBy: 'Dora Door',
        checkedInDevice: (body as { device?: string }).device ?? null,
      });
      return {
        body: {
          handle,
          shortId: person.shortId,
          name: person.name,
          event: 'bucharest',
          time: 'Oct 30 - 7:30pm',
          seat: person.seat,
          checkedInAt: person.checkedInAt,
          checkedInBy: person.checkedInBy,
          checkedInDevice: person.checkedInDevice ?? null,
        },
      };
    }
    const undo = /^\/api\/admin\/check-ins\/(.+)$/.exec(url);
    if (method === 'DELETE' && undo) {
      const person = state.list.seated.find((seated) => seated.handle === undo[1]);
      if (!person) return { status: 404, body: { statusCode: 404, message: 'Not found' } };
      Object.assign(person, { state: 'not-arrived', checkedInAt: null, checkedInBy: null });
      return { status: 204 };
    }
    if (method === 'POST' && url.endsWith('/no-shows')) {
      let marked = 0;
      for (const person of state.list.seated) {
        if (person.state === 'not-arrived') {
          person.state = 'no-show';
          marked += 1;
        }
      }
      return { body: { marked } };
    }
    return { status: 404, body: { statusCode: 404, message: `No route ${method} ${url}` } };
  });
  return { state, calls };
}

function renderDoor() {
  return renderWithProviders(<DoorRoute />, { route: '/admin/door', path: '/admin/door' });
}

const row = (name: string) => screen.getByText(name).closest('li')!;

afterEach(() => {
  onlineManager.setOnline(true);
  window.localStorage.clear();
  jest.restoreAllMocks();
});

describe('the door page', () => {
  it('shows the next slot’s seated people by state, the waiting list, and finds a name', async () => {
    doorServer();
    renderDoor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Door' })).toBeInTheDocument();
    expect(await screen.findByText('Ana Popescu')).toBeInTheDocument();
    expect(screen.getByText('1 of 4 checked in')).toBeInTheDocument();
    expect(within(row('Ana Popescu')).getByText('Not yet arrived')).toBeInTheDocument();
    expect(within(row('Luca Bianchi')).getByText('No-show')).toBeInTheDocument();
    expect(
      within(row('Marco Rossi')).getByText(/Checked in at .* by the owner/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting list (1)' })).toBeInTheDocument();
    expect(screen.getByText('Elena Stan')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Slot' })).toHaveDisplayValue(/Bucharest/);
    expect(screen.getByRole('link', { name: 'Door' })).toHaveAttribute('aria-current', 'page');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a name' }), 'ioana');
    expect(await screen.findByRole('heading', { name: 'Seated (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Ana Popescu')).not.toBeInTheDocument();
  });

  it('goes back to the sign-in when the list’s refresh finds the session ended elsewhere', async () => {
    const { state } = doorServer();
    const { unmount } = renderDoor();
    expect(await screen.findByText('Ana Popescu')).toBeInTheDocument();
    unmount();
    // The owner ended this phone's session: the list's next request is refused.
    state.signedIn = false;
    renderDoor();
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeVisible();
    expect(screen.queryByText('Ana Popescu')).toBeNull();
  });

  it('checks in by name with the device time and the name its operator gave this phone, then undoes it', async () => {
    const { calls } = doorServer();
    renderDoor();
    expect(await screen.findByText('This phone has no name yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Name this phone' }));
    const field = screen.getByRole('textbox', { name: 'This phone’s name' });
    await userEvent.type(field, 'Door\u0007 phone');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('A phone’s name is one line, without control characters.'),
    ).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '  Door phone 1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This phone: Door phone 1')).toBeInTheDocument();
    expect(window.localStorage.getItem('door.device')).toBe('Door phone 1');
    await userEvent.click(await screen.findByRole('button', { name: 'Check in Ana Popescu' }));
    const sent = await waitFor(() => {
      const post = calls.find((call) => call.method === 'POST');
      expect(post).toBeDefined();
      return post!;
    });
    expect(sent.body).toEqual({
      handle: vectors.doorList.seated[0]!.handle,
      event: 'bucharest',
      time: 'Oct 30 - 7:30pm',
      deviceTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      device: 'Door phone 1',
    });
    // Named by its operator and the phone, never by a code.
    expect(
      await within(row('Ana Popescu')).findByText(/Checked in at .* by Dora Door on Door phone 1/),
    ).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Undo the check-in of Ana Popescu' }),
    );
    expect(await screen.findByRole('button', { name: 'Check in Ana Popescu' })).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('keeps working offline from the kept list, queues check-ins and sends them when the network returns', async () => {
    const { state, calls } = doorServer();
    const first = renderDoor();
    await screen.findByText('Ana Popescu');
    first.unmount();

    state.network = false;
    renderDoor();
    // The list comes from this phone's storage.
    expect(await screen.findByText('Ana Popescu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check in Ana Popescu' }));
    expect(
      await screen.findByText(
        /Offline · working from the list of .* · 1 check-in waiting to be sent/,
      ),
    ).toBeInTheDocument();
    expect(
      within(row('Ana Popescu')).getByText(/on this phone, waiting to be sent/),
    ).toBeInTheDocument();
    expect(state.list.seated[0]!.state).toBe('not-arrived');

    state.network = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(state.list.seated[0]!.state).toBe('checked-in'));
    const sent = calls.filter((call) => call.method === 'POST').at(-1)!;
    // Sent with the time the phone took it, not the time it reached the server.
    expect(Date.parse((sent.body as { deviceTime: string }).deviceTime)).toBeLessThan(
      Date.parse(state.list.seated[0]!.checkedInAt!),
    );
    await waitFor(() =>
      expect(
        within(row('Ana Popescu')).getByText(/Checked in at .* by Dora Door/),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText(/Online · list updated at/)).toBeInTheDocument();
  });

  it('tells the operator when another phone checked the person in first (409 on a queued check-in)', async () => {
    const { state } = doorServer();
    const first = renderDoor();
    await screen.findByText('Ana Popescu');
    first.unmount();
    state.network = false;
    renderDoor();
    await userEvent.click(await screen.findByRole('button', { name: 'Check in Ana Popescu' }));
    state.firstByOtherPhone.add(vectors.doorList.seated[0]!.handle);
    state.network = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(
      await screen.findByText(
        /Ana Popescu was already checked in by Bianca Box on Door phone 2 at/,
      ),
    ).toBeInTheDocument();
  });

  it('says when it has no list for the slot and no network to fetch one', async () => {
    const { state } = doorServer();
    state.network = false;
    // As a browser offline: queries wait for the network rather than fail.
    onlineManager.setOnline(false);
    localStorage.setItem(
      'door.slot',
      JSON.stringify({ event: 'bucharest', time: 'Oct 30 - 7:30pm' }),
    );
    renderDoor();
    expect(
      await screen.findByText(/The door list could not be loaded, and this phone has none kept/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scan tickets' })).toBeDisabled();
  });

  it('marks the no-shows of a started slot after asking', async () => {
    const { state, calls } = doorServer();
    state.list.started = true;
    renderDoor();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark the no-shows' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark the no-shows?' });
    expect(dialog).toHaveTextContent('2 people not checked in will be marked as no-show');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark no-shows' }));
    await waitFor(() =>
      expect(within(row('Ana Popescu')).getByText('No-show')).toBeInTheDocument(),
    );
    expect(calls.some((call) => call.url.endsWith('/no-shows'))).toBe(true);
  });

  it('offers no no-shows before the slot starts', async () => {
    doorServer();
    renderDoor();
    await screen.findByText('Ana Popescu');
    expect(screen.queryByRole('button', { name: 'Mark the no-shows' })).not.toBeInTheDocument();
  });

  it('has no axe violation', async () => {
    doorServer();
    const { container } = renderDoor();
    await screen.findByText('Ana Popescu');
    const result = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // jsdom draws nothing: colours are measured by the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});

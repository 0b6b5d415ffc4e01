import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers';
import { AppRoutes } from '../../../app/routes';
import { createQueryClient } from '../../../lib/query-client';
import { fakeFetch, renderWithProviders, OWNER_SESSION } from '../../../test/render';
import type { FetchCall } from '../../../test/render';
import type { AnnounceEventRequest } from '../api/announce-event';
import type { TourAdmin, TourEventAdmin } from '../api/get-tour';
import type { TourHistoryEntry } from '../api/get-tour-history';
import CommandCenterPage from '../../../app/command-center/command-center-page';

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

const CLUJ: TourEventAdmin = {
  slug: 'cluj',
  city: 'Cluj-Napoca',
  venue: 'Fabrica de Pensule',
  localised: { it: { city: 'Cluj', venue: 'Fabbrica dei Pennelli' }, ro: { city: 'Cluj' } },
  date: '2026-12-03',
  timeZone: 'Europe/Bucharest',
  status: 'open',
  priceMinor: 4000,
  currency: 'RON',
  automaticOffers: true,
  slots: [
    {
      time: 'Dec 3 - 9:00pm',
      startsAt: '2026-12-03T19:00:00.000Z',
      status: 'open',
      capacity: 20,
      seatsTaken: 20,
      waiting: 3,
    },
    {
      time: 'Dec 3 - 7:30pm',
      startsAt: '2026-12-03T17:30:00.000Z',
      status: 'open',
      capacity: 20,
      seatsTaken: 5,
      waiting: 0,
    },
  ],
};

const TIMISOARA: TourEventAdmin = {
  slug: 'timisoara',
  city: 'Timișoara',
  venue: 'Casa Artelor',
  localised: {},
  date: '2027-01-10',
  timeZone: 'Europe/Bucharest',
  status: 'coming-soon',
  priceMinor: 3500,
  currency: 'RON',
  automaticOffers: false,
  slots: [],
};

const MATERA: TourEventAdmin = {
  slug: 'matera',
  city: 'Matera',
  venue: 'Casa Cava',
  localised: {},
  date: '2025-09-13',
  timeZone: 'Europe/Rome',
  status: 'completed',
  priceMinor: 3500,
  currency: 'RON',
  automaticOffers: false,
  slots: [
    {
      time: '8:00 PM',
      startsAt: '2025-09-13T18:00:00.000Z',
      status: 'closed',
      capacity: 20,
      seatsTaken: 20,
      waiting: 0,
    },
  ],
};

function entry(
  position: number,
  type: string,
  details: Record<string, unknown>,
  event = 'cluj',
): TourHistoryEntry {
  return {
    position: String(position),
    event,
    type,
    at: `2026-11-${String(10 + (position % 10)).padStart(2, '0')}T10:00:00.000Z`,
    actor: event ? 'admin' : 'import',
    details,
  };
}

/** The backend's error body (its exception filter): a domain error names its field. */
const refused = (status: number, message: string, field?: string) => ({
  status,
  body: { statusCode: status, message, errors: field ? [{ field, message }] : [] },
});

const HIGHEST_PRICE_MINOR = 10_000_000;

/**
 * A stand-in for the tour routes answering as the backend does (its controllers, its domain's
 * refusals in its words, its error filter's body): the tour, its actions, the capacity rule
 * (never below the seats taken) and the history in pages of two.
 */
function fakeTourApi() {
  const tour: TourAdmin = {
    currency: 'RON',
    events: [clone(TIMISOARA), clone(MATERA), clone(CLUJ)],
  };
  // The details as the server sends them, in PostgreSQL's jsonb order (shortest key first).
  const history = [
    entry(44, 'SlotCapacityChanged', { from: 24, time: 'Dec 3 - 7:30pm', capacity: 20 }),
    entry(43, 'EventDetailsEdited', { priceMinor: 4000 }),
    entry(41, 'SlotAdded', {
      time: 'Dec 3 - 7:30pm',
      status: 'open',
      capacity: 24,
      startsAt: '2026-12-03T17:30:00.000Z',
    }),
    entry(40, 'EventAnnounced', {
      city: 'Cluj-Napoca',
      date: '2026-12-03',
      venue: 'Fabrica de Pensule',
      status: 'open',
      timeZone: 'Europe/Bucharest',
      localised: { it: { city: 'Cluj' } },
      priceMinor: 3500,
      currency: 'RON',
      automaticOffers: true,
    }),
    entry(1, 'TourImported', { source: 'demo-tour', currency: 'RON' }, ''),
  ];
  const find = (slug: string) =>
    tour.events.find((event) => event.slug === decodeURIComponent(slug));
  const noEvent = (slug: string) =>
    refused(404, `The tour has no event "${decodeURIComponent(slug)}".`);
  const session = { live: true };
  const calls: FetchCall[] = fakeFetch((method, url, body) => {
    if (url === '/api/admin/session')
      return { body: session.live ? OWNER_SESSION : { authenticated: false } };
    if (!session.live) return refused(401, 'Log in as the operator to do this.');
    if (url === '/api/admin/tour' && method === 'GET') return { body: tour };
    if (url.startsWith('/api/admin/tour/history?')) {
      const query = new URL(url, 'http://localhost').searchParams;
      const before = query.get('before');
      const older = history.filter((item) => !before || Number(item.position) < Number(before));
      const page = older.slice(0, 2);
      return {
        body: { entries: page, next: older.length > 2 ? page[page.length - 1]!.position : null },
      };
    }
    if (url === '/api/admin/tour/events' && method === 'POST') {
      const request = body as AnnounceEventRequest;
      if (request.priceMinor > HIGHEST_PRICE_MINOR) {
        return refused(
          400,
          `The price must be a whole number of the currency's smallest unit, from 1 to ${HIGHEST_PRICE_MINOR}.`,
          'priceMinor',
        );
      }
      if (find(request.slug)) {
        return refused(409, `The tour has an event "${request.slug}" already.`, 'slug');
      }
      const event: TourEventAdmin = {
        localised: {},
        automaticOffers: true,
        ...request,
        currency: request.currency ?? 'RON',
        status: request.status ?? 'open',
        slots: [],
      };
      tour.events.push(event);
      return { status: 201, body: event };
    }
    const slotMatch =
      /^\/api\/admin\/tour\/events\/([^/]+)\/slots\/([^/]+)(?:\/(close|reopen))?$/.exec(url);
    if (slotMatch) {
      const event = find(slotMatch[1]!);
      if (!event) return noEvent(slotMatch[1]!);
      const time = decodeURIComponent(slotMatch[2]!);
      const slot = event.slots.find((candidate) => candidate.time === time);
      if (!slot) return refused(404, `The event "${event.slug}" has no slot "${time}".`);
      if (slotMatch[3] === 'close') slot.status = 'closed';
      else if (slotMatch[3] === 'reopen') slot.status = 'open';
      else {
        const changes = body as { capacity?: number; startsAt?: string };
        if (changes.capacity !== undefined && changes.capacity < slot.seatsTaken) {
          const taken = slot.seatsTaken;
          return refused(
            409,
            `This slot has ${taken} ${taken === 1 ? 'seat' : 'seats'} taken; its capacity cannot go below ${taken}.`,
            'capacity',
          );
        }
        Object.assign(slot, changes);
      }
      return { body: event };
    }
    const eventMatch = /^\/api\/admin\/tour\/events\/([^/]+)(?:\/(complete|slots))?$/.exec(url);
    if (eventMatch) {
      const event = find(eventMatch[1]!);
      if (!event) return noEvent(eventMatch[1]!);
      if (eventMatch[2] === 'complete') {
        event.status = 'completed';
        for (const slot of event.slots) slot.status = 'closed';
      } else if (eventMatch[2] === 'slots') {
        const request = body as { startsAt: string; capacity: number; time?: string };
        // The backend names a slot by its start where the event is; this one's is Dec 4, 20:00.
        event.slots.push({
          time: request.time ?? 'Dec 4 - 8:00pm',
          startsAt: request.startsAt,
          status: 'open',
          capacity: request.capacity,
          seatsTaken: 0,
          waiting: 0,
        });
        return { status: 201, body: event };
      } else Object.assign(event, body);
      return { body: event };
    }
    return refused(404, `Cannot ${method} ${url}`);
  });
  return { tour, calls, session };
}

function renderTourPage() {
  return renderWithProviders(<CommandCenterPage section="tour" />, {
    route: '/admin/tour',
    path: '/admin/tour',
  });
}

const eventCard = (name: string) => screen.getByRole('article', { name });
const slotItem = (event: string, slot: string) =>
  within(eventCard(event)).getByRole('listitem', { name: slot });

async function shown() {
  await screen.findByRole('heading', { level: 1, name: 'Tour' });
  await screen.findByRole('article', { name: 'Cluj-Napoca' });
}

async function axeViolations(container: HTMLElement): Promise<string[]> {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    // jsdom draws nothing, so colours cannot be measured here; the browser tests measure them.
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

describe('the Tour page', () => {
  it('lists the upcoming events first with their slots in order, the completed ones folded away', async () => {
    fakeTourApi();
    renderTourPage();
    await shown();

    expect(screen.getByText('2 upcoming events · 1 completed')).toBeInTheDocument();
    const upcoming = screen.getByRole('region', { name: 'Upcoming events' });
    expect(
      within(upcoming)
        .getAllByRole('article')
        .map((article) => within(article).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['Cluj-Napoca', 'Timișoara']);

    const cluj = eventCard('Cluj-Napoca');
    expect(within(cluj).getByText('40 RON')).toBeInTheDocument();
    expect(within(cluj).getByText('Europe/Bucharest')).toBeInTheDocument();
    const slots = within(cluj)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('heading', { level: 4 }).textContent);
    expect(slots).toEqual(['Dec 3 - 7:30pm', 'Dec 3 - 9:00pm']);

    // The start as the clock reads where the event is (17:30 UTC is 19:30 in Bucharest).
    const early = slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm');
    expect(within(early).getByText(/December 3, 2026.*7:30\sPM/)).toBeInTheDocument();
    expect(within(early).getByText('5 / 20')).toBeInTheDocument();
    expect(within(early).getByText('Open')).toBeInTheDocument();
    const late = slotItem('Cluj-Napoca', 'Dec 3 - 9:00pm');
    expect(within(late).getByText('20 / 20')).toBeInTheDocument();
    expect(within(late).getByText('3')).toBeInTheDocument();
    expect(within(late).getByText('FULL')).toBeInTheDocument();
    expect(within(eventCard('Timișoara')).getByText('No time slot yet.')).toBeInTheDocument();
    expect(within(eventCard('Timișoara')).getByText('Coming soon')).toBeInTheDocument();

    const folded = screen.getByText('Completed events (1)').closest('details')!;
    expect(folded).not.toHaveAttribute('open');
    expect(within(folded).getByRole('article', { name: 'Matera' })).toBeInTheDocument();
    // Matera's slot starts at 20:00 in Rome.
    expect(within(folded).getByText(/September 13, 2025.*8:00\sPM/)).toBeInTheDocument();
    // A played event's slots are a record: no capacity, move or close controls.
    expect(within(folded).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(folded).queryByRole('button', { name: 'Add a slot' })).not.toBeInTheDocument();
  });

  it('has a header navigation to Registrations and Tour, the current page marked', async () => {
    fakeTourApi();
    renderTourPage();
    await shown();
    const navigation = screen.getByRole('navigation', { name: 'Command Center pages' });
    expect(within(navigation).getByRole('link', { name: 'Tour' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const registrations = within(navigation).getByRole('link', { name: 'Registrations' });
    expect(registrations).toHaveAttribute('href', '/admin');
    expect(registrations).not.toHaveAttribute('aria-current');
  });

  it('marks every invalid field of the announcement, then sends it with the price in minor units', async () => {
    const user = userEvent.setup();
    const { calls } = fakeTourApi();
    renderTourPage();
    await shown();
    await user.click(screen.getByRole('button', { name: 'Announce an event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Announce an event' });
    await user.click(within(dialog).getByRole('button', { name: 'Announce' }));

    const slug = within(dialog).getByLabelText('Slug (the event’s name in addresses)');
    expect(slug).toHaveFocus();
    for (const [label, message] of [
      ['Slug (the event’s name in addresses)', 'Please enter a slug'],
      ['City', 'Please enter the city'],
      ['Venue', 'Please enter the venue'],
      ['Date', 'Please choose the date'],
      ['Price (RON)', 'Please enter the price'],
    ] as const) {
      const field = within(dialog).getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(within(dialog).getByLabelText('City in Italian (optional)')).not.toHaveAttribute(
      'aria-invalid',
    );
    expect(within(dialog).getByLabelText('Time zone')).toHaveValue('Europe/Bucharest');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(slug, 'Iasi Two');
    await user.tab();
    expect(slug).toHaveAccessibleDescription(
      expect.stringContaining(
        'Start with a lowercase letter, then lowercase letters, digits and hyphens',
      ),
    );
    await user.clear(slug);
    await user.type(slug, 'iasi');
    await user.type(within(dialog).getByLabelText('City'), 'Iași');
    await user.type(within(dialog).getByLabelText('Venue'), 'Teatrul Luceafărul');
    await user.type(within(dialog).getByLabelText('City in Italian (optional)'), 'Iasi');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2027-02-14' } });
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'Europe/Rome');
    await user.type(within(dialog).getByLabelText('Price (RON)'), '42,50');
    await user.click(within(dialog).getByRole('button', { name: 'Announce' }));

    expect(await screen.findByText('Event Announced')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/api/admin/tour/events',
        body: {
          slug: 'iasi',
          city: 'Iași',
          venue: 'Teatrul Luceafărul',
          localised: { it: { city: 'Iasi' } },
          date: '2027-02-14',
          timeZone: 'Europe/Rome',
          priceMinor: 4250,
          currency: 'RON',
          status: 'open',
        },
      }),
    );
    expect(await screen.findByRole('article', { name: 'Iași' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s refusals on their fields: a slug taken, a price too high', async () => {
    const user = userEvent.setup();
    fakeTourApi();
    renderTourPage();
    await shown();
    await user.click(screen.getByRole('button', { name: 'Announce an event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Announce an event' });
    await user.type(within(dialog).getByLabelText('Slug (the event’s name in addresses)'), 'cluj');
    await user.type(within(dialog).getByLabelText('City'), 'Cluj-Napoca');
    await user.type(within(dialog).getByLabelText('Venue'), 'Elsewhere');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2027-03-01' } });
    await user.type(within(dialog).getByLabelText('Price (RON)'), '35');
    await user.click(within(dialog).getByRole('button', { name: 'Announce' }));

    expect(await screen.findByText('Announcement Failed')).toBeInTheDocument();
    const slug = within(dialog).getByLabelText('Slug (the event’s name in addresses)');
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription(
      expect.stringContaining('The tour has an event "cluj" already.'),
    );
    expect(slug).toHaveValue('cluj');

    // A field the server refuses under its own name (priceMinor) is marked on the form's field.
    await user.clear(slug);
    await user.type(slug, 'cluj-bis');
    expect(slug).not.toHaveAttribute('aria-invalid');
    const price = within(dialog).getByLabelText('Price (RON)');
    await user.clear(price);
    await user.type(price, '200000');
    await user.click(within(dialog).getByRole('button', { name: 'Announce' }));
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(
        expect.stringContaining(
          "The price must be a whole number of the currency's smallest unit, from 1 to 10000000.",
        ),
      ),
    );
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveFocus();
  });

  it('shows the refusal of a capacity below the seats taken, keeping the figure typed', async () => {
    const user = userEvent.setup();
    const { calls } = fakeTourApi();
    renderTourPage();
    await shown();
    const capacity = within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByLabelText(
      'Capacity of Dec 3 - 7:30pm',
    );
    expect(capacity).toHaveValue('20');
    await user.clear(capacity);
    await user.type(capacity, '3');
    await user.click(
      within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByRole('button', {
        name: 'Save capacity',
      }),
    );

    expect(await screen.findByText('Capacity Not Changed')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/tour/events/cluj/slots/Dec%203%20-%207%3A30pm',
        body: { capacity: 3 },
      }),
    );
    const field = within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByLabelText(
      'Capacity of Dec 3 - 7:30pm',
    );
    expect(field).toHaveValue('3');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      'This slot has 5 seats taken; its capacity cannot go below 5.',
    );

    await user.clear(field);
    await user.type(field, '24');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(
      within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByRole('button', {
        name: 'Save capacity',
      }),
    );
    expect(await screen.findByText('Capacity Changed')).toBeInTheDocument();
    expect(
      await within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).findByText('5 / 24'),
    ).toBeInTheDocument();
  });

  it('returns to the gate and says why when the session is over at an action', async () => {
    const user = userEvent.setup();
    const api = fakeTourApi();
    renderTourPage();
    await shown();
    api.session.live = false;
    const capacity = within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByLabelText(
      'Capacity of Dec 3 - 7:30pm',
    );
    await user.clear(capacity);
    await user.type(capacity, '24');
    await user.click(
      within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByRole('button', {
        name: 'Save capacity',
      }),
    );
    expect(await screen.findByText('Session Expired')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });

  it('closes and reopens a slot only after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = fakeTourApi();
    renderTourPage();
    await shown();
    const slotCalls = (action: string) =>
      calls.filter((call) => call.method === 'POST' && call.url.endsWith(`/${action}`));

    await user.click(
      within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByRole('button', { name: 'Close' }),
    );
    let dialog = await screen.findByRole('alertdialog', { name: 'Close Dec 3 - 7:30pm?' });
    expect(dialog).toHaveTextContent(
      'The 5 people holding seats and the 0 waiting keep their places.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(slotCalls('close')).toHaveLength(0);

    await user.click(
      within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).getByRole('button', { name: 'Close' }),
    );
    dialog = await screen.findByRole('alertdialog', { name: 'Close Dec 3 - 7:30pm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close the slot' }));
    expect(await screen.findByText('Slot Closed')).toBeInTheDocument();
    expect(slotCalls('close').map((call) => call.url)).toEqual([
      '/api/admin/tour/events/cluj/slots/Dec%203%20-%207%3A30pm/close',
    ]);
    const slot = slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm');
    expect(within(slot).getByText('Closed')).toBeInTheDocument();

    await user.click(within(slot).getByRole('button', { name: 'Reopen' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Reopen Dec 3 - 7:30pm?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reopen the slot' }));
    expect(await screen.findByText('Slot Reopened')).toBeInTheDocument();
    expect(slotCalls('reopen')).toHaveLength(1);
    expect(
      await within(slotItem('Cluj-Napoca', 'Dec 3 - 7:30pm')).findByRole('button', {
        name: 'Close',
      }),
    ).toBeInTheDocument();
  });

  it('adds a slot from the clock where the event is, and moves one', async () => {
    const user = userEvent.setup();
    const { calls } = fakeTourApi();
    renderTourPage();
    await shown();
    await user.click(within(eventCard('Cluj-Napoca')).getByRole('button', { name: 'Add a slot' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add a time slot in Cluj-Napoca' });
    fireEvent.change(within(dialog).getByLabelText('Start'), {
      target: { value: '2026-12-04T20:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Add the slot' }));
    expect(await screen.findByText('Slot Added')).toBeInTheDocument();
    expect(screen.getByText('Dec 4 - 8:00pm is added to Cluj-Napoca.')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        url: '/api/admin/tour/events/cluj/slots',
        body: { startsAt: '2026-12-04T20:00:00+02:00', capacity: 20 },
      }),
    );

    await user.click(
      await within(slotItem('Cluj-Napoca', 'Dec 4 - 8:00pm')).findByRole('button', {
        name: 'Move',
      }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Move Dec 4 - 8:00pm' });
    expect(within(dialog).getByLabelText('Start')).toHaveValue('2026-12-04T20:00');
    fireEvent.change(within(dialog).getByLabelText('Start'), {
      target: { value: '2026-12-04T21:15' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Move the slot' }));
    expect(await screen.findByText('Slot Moved')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/tour/events/cluj/slots/Dec%204%20-%208%3A00pm',
        body: { startsAt: '2026-12-04T21:15:00+02:00' },
      }),
    );
  });

  it('switches automatic offers at once, edits only what changed, and completes after a confirmation', async () => {
    const user = userEvent.setup();
    const { calls } = fakeTourApi();
    renderTourPage();
    await shown();
    const offers = within(eventCard('Cluj-Napoca')).getByRole('switch', {
      name: 'Automatic waiting-list offers',
    });
    expect(offers).toBeChecked();
    await user.click(offers);
    expect(offers).not.toBeChecked();
    expect(await screen.findByText('Automatic Offers Off')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/tour/events/cluj',
        body: { automaticOffers: false },
      }),
    );

    await user.click(
      within(eventCard('Cluj-Napoca')).getByRole('button', { name: 'Edit details and price' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cluj-Napoca' });
    const price = within(dialog).getByLabelText('Price (RON)');
    expect(price).toHaveValue('40');
    await user.clear(price);
    await user.type(price, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Event Updated')).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PATCH',
        url: '/api/admin/tour/events/cluj',
        body: { priceMinor: 4500 },
      }),
    );
    expect(await within(eventCard('Cluj-Napoca')).findByText('45 RON')).toBeInTheDocument();

    await user.click(within(eventCard('Cluj-Napoca')).getByRole('button', { name: 'Complete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Complete Cluj-Napoca?' });
    await user.click(within(confirm).getByRole('button', { name: 'Complete the event' }));
    expect(await screen.findByText('Event Completed')).toBeInTheDocument();
    expect(await screen.findByText('Completed events (2)')).toBeInTheDocument();
  });

  it('pages through the tour’s history, newest first, in the operator’s words', async () => {
    const user = userEvent.setup();
    const { calls } = fakeTourApi();
    renderTourPage();
    await shown();
    await user.click(screen.getByRole('button', { name: 'Tour history' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tour history' });
    let items = await within(drawer).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Capacity changed');
    expect(items[0]).toHaveTextContent('by operator');
    expect(items[0]).toHaveTextContent('Cluj-Napoca');
    expect(items[0]).toHaveTextContent('Slot nameDec 3 - 7:30pmCapacity20Previous capacity24');
    expect(items[1]).toHaveTextContent('Details edited');
    expect(items[1]).toHaveTextContent('40 RON');

    await user.click(within(drawer).getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(4));
    items = within(drawer).getAllByRole('listitem');
    expect(items[2]).toHaveTextContent('Slot added');
    // The start where the event is: 17:30 UTC is 7:30 PM in Bucharest.
    expect(items[2]).toHaveTextContent(/7:30\sPM/);
    expect(items[3]).toHaveTextContent('City in Italian');
    expect(calls.map((call) => call.url)).toContain('/api/admin/tour/history?limit=50&before=43');

    await user.click(within(drawer).getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(5));
    // The tour's own first fact: no event of its own, recorded by the import.
    const imported = within(drawer).getAllByRole('listitem')[4];
    expect(imported).toHaveTextContent('Tour imported');
    expect(imported).toHaveTextContent('The whole tour');
    expect(imported).toHaveTextContent('by the tour’s import');
    expect(imported).toHaveTextContent('CurrencyRONImported fromthe demo tour');
    expect(
      within(drawer).queryByRole('button', { name: 'Show older changes' }),
    ).not.toBeInTheDocument();
  });

  it('asks one event’s history by its slug', async () => {
    const user = userEvent.setup();
    const { calls } = fakeTourApi();
    renderTourPage();
    await shown();
    await user.click(within(eventCard('Cluj-Napoca')).getByRole('button', { name: 'History' }));
    expect(
      await screen.findByRole('dialog', { name: 'History of Cluj-Napoca' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/admin/tour/history?limit=50&event=cluj',
      ),
    );
  });

  it.each([
    ['it', 'Tournée', 'Cluj', 'Annuncia un evento'],
    ['ro', 'Turneu', 'Cluj', 'Anunțați un eveniment'],
  ])('speaks %s, with the city’s own name there', async (language, title, city, announce) => {
    window.localStorage.setItem('language', language);
    fakeTourApi();
    renderTourPage();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: city })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: announce })).toBeInTheDocument();
  });

  it('has no axe violation, with the list and with a form open', async () => {
    const user = userEvent.setup();
    fakeTourApi();
    const { container } = renderTourPage();
    await shown();
    expect(await axeViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Announce an event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Announce an event' });
    await user.click(within(dialog).getByRole('button', { name: 'Announce' }));
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows skeletons while the tour loads, and says when it cannot be loaded', async () => {
    let answer: (() => void) | undefined;
    fakeFetch(async (_method, url) => {
      if (url === '/api/admin/session') return { body: OWNER_SESSION };
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return refused(500, 'Internal server error');
    });
    renderTourPage();
    expect(await screen.findByText('Loading the tour...')).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer!());
    expect(
      await screen.findByText('Could not load the tour. Trying again every 5 seconds.'),
    ).toBeInTheDocument();
  });

  it('is reached from the registrations after logging in, by keyboard, without a second login', async () => {
    const user = userEvent.setup();
    // The site's layout scrolls to the top on each page; jsdom has no scrolling.
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    let live = false;
    const calls = fakeFetch((_method, url, body) => {
      if (url === '/api/admin/session')
        return { body: live ? OWNER_SESSION : { authenticated: false } };
      if (url === '/api/admin/login') {
        live = (body as { password: string }).password === 'correct horse';
        return live ? { body: OWNER_SESSION } : refused(401, 'Access Denied');
      }
      if (url === '/api/events') return { body: [] };
      if (!live) return refused(401, 'Unauthorized');
      if (url.startsWith('/api/admin/registrations/per-day')) return { body: [] };
      if (url.startsWith('/api/admin/registrations?')) {
        return {
          body: {
            registrations: [],
            nextCursor: null,
            matched: 0,
            matchedCapped: false,
            total: 0,
            slots: [],
          },
        };
      }
      if (url === '/api/admin/tour') return { body: { currency: 'RON', events: [clone(CLUJ)] } };
      return refused(404, 'Not found');
    });
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <AppProviders queryClient={createQueryClient()}>
          <AppRoutes />
        </AppProviders>
      </MemoryRouter>,
    );
    await user.type(await screen.findByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { level: 1, name: 'Command Center' });

    const navigation = screen.getByRole('navigation', { name: 'Command Center pages' });
    within(navigation).getByRole('link', { name: 'Tour' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tour' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Cluj-Napoca' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/admin/login')).toHaveLength(1);
  });
});

import { screen, within } from '@testing-library/react';
import { OWNER_SESSION, fakeSite, renderWithProviders } from '../../../test/render';
import CommandCenterPage from '../../../app/command-center/command-center-page';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** A tour with a slot the day after tomorrow, one tomorrow, one started an hour ago, one last week. */
const TOUR = [
  {
    slug: 'bucharest',
    city: 'Bucharest',
    venue: 'MNAC',
    date: '2026-12-01',
    status: 'open',
    priceMinor: 3500,
    currency: 'RON',
    timeZone: 'Europe/Bucharest',
    slots: [
      { time: 'later', startsAt: at(48), status: 'open', capacity: 20 },
      { time: 'tomorrow', startsAt: at(24), status: 'open', capacity: 20 },
      { time: 'tonight', startsAt: at(-1), status: 'open', capacity: 20 },
      { time: 'last week', startsAt: at(-24 * 7), status: 'open', capacity: 20 },
    ],
  },
];

const totals = (time: string, figures: Partial<Record<string, number>>) => ({
  event: 'bucharest',
  time,
  limit: 20,
  seats: 0,
  held: 0,
  paid: 0,
  waiting: 0,
  checkedIn: 0,
  sheetUnapproved: 0,
  ...figures,
});

const PAGE = {
  registrations: [],
  nextCursor: null,
  matched: 0,
  matchedCapped: false,
  total: 0,
  statusCounts: {
    confirmed: 0,
    waiting: 0,
    held: 0,
    offered: 0,
    cancelled: 0,
    released: 0,
    refunded: 0,
    all: 0,
  },
  // In the server's order (by slot), not the evening's.
  slots: [
    totals('last week', { seats: 20, paid: 20, checkedIn: 19 }),
    totals('later', { seats: 3, held: 1, paid: 2, sheetUnapproved: 2 }),
    totals('tomorrow', { seats: 12, held: 2, paid: 10, waiting: 4 }),
    totals('tonight', { seats: 18, paid: 18, checkedIn: 7 }),
  ],
};

function openLanding() {
  fakeSite((_method, url) => {
    if (url === '/api/admin/session') return { body: OWNER_SESSION };
    if (url.startsWith('/api/admin/registrations/per-day')) return { body: [] };
    if (url.startsWith('/api/admin/registrations?')) return { body: PAGE };
    return undefined;
  }, TOUR);
  renderWithProviders(<CommandCenterPage />, { route: '/admin', path: '/admin' });
}

describe('the landing page: the next evening first', () => {
  it('leads with the slots still to come, the soonest first, the past ones folded away', async () => {
    openLanding();
    const evenings = await screen.findByRole('region', { name: 'Next evenings' });
    // The first section of the page.
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections[0]).toBe('Next evenings');

    // The tour's starts arrive with the tour.
    const upcoming = (await within(evenings).findAllByRole('list'))[0]!;
    const cards = within(upcoming).getAllByRole('heading', { level: 3 });
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Bucharest'),
      expect.stringContaining('Bucharest'),
      expect.stringContaining('Bucharest'),
    ]);
    const seatLines = within(upcoming)
      .getAllByText(/of 20 seats taken$/)
      .map((line) => line.textContent);
    // Tonight's show (started an hour ago, its door still open), tomorrow, the day after.
    expect(seatLines).toEqual([
      '18 of 20 seats taken',
      '12 of 20 seats taken',
      '3 of 20 seats taken',
    ]);

    const past = evenings.querySelector('details')!;
    expect(past).not.toHaveAttribute('open');
    expect(within(past).getByText('1 past slot')).toBeInTheDocument();
    expect(within(past).getByText('20 of 20 seats taken')).not.toBeVisible();
  });

  it('says on each slot who waits, who holds a seat unpaid, who came in, and what is left to do', async () => {
    openLanding();
    const evenings = await screen.findByRole('region', { name: 'Next evenings' });
    const [tonight, tomorrow, later] = within((await within(evenings).findAllByRole('list'))[0]!)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('evening-card'));
    expect(within(tonight!).getByText('7 of 18 checked in')).toBeInTheDocument();
    expect(within(tonight!).getByText('Nothing left to do.')).toBeInTheDocument();
    expect(within(tomorrow!).getByText('4 waiting')).toBeInTheDocument();
    expect(within(tomorrow!).getByText('2 seats held, not paid yet')).toBeInTheDocument();
    expect(
      within(later!).getByRole('link', {
        name: "2 dreams to approve on the performers' sheet",
      }),
    ).toHaveAttribute('href', '/admin/sheet?event=bucharest&time=later');
    expect(within(later!).getByRole('link', { name: /^Print the list of / })).toHaveAttribute(
      'href',
      '/admin/print?event=bucharest&time=later',
    );
  });
});

import { screen, within } from '@testing-library/react';
import {
  BUCHAREST,
  CLUJ,
  MATERA,
  capacity,
  fakeFetch,
  renderWithProviders,
} from '../../../test/render';
import { EventOverview } from './event-overview';

const COMPLETED_BUCHAREST = {
  ...BUCHAREST,
  status: 'completed',
  slots: BUCHAREST.slots.map((slot) => ({ ...slot, status: 'closed' })),
};

function serveTour(events: unknown[]) {
  fakeFetch((_method, url) => {
    if (url === '/api/events') return { body: events };
    if (url === '/api/capacity') return { body: capacity(7) };
    return { status: 404 };
  });
}

const stops = () => screen.getAllByRole('article');

beforeEach(() => window.localStorage.clear());

describe('EventOverview: the next stop follows the live tour', () => {
  it('shows a newly announced event first when its slot comes before Bucharest’s', async () => {
    serveTour([MATERA, BUCHAREST, CLUJ]);
    renderWithProviders(<EventOverview />);
    await screen.findByRole('heading', { name: 'Cluj-Napoca' });
    expect(stops().map((stop) => stop.getAttribute('aria-label'))).toEqual([
      'Cluj-Napoca',
      'Bucharest',
    ]);
    const cluj = within(stops()[0]!);
    expect(cluj.getByText('Paintbrush Factory')).toBeInTheDocument();
    expect(cluj.getByText('40 RON')).toBeInTheDocument();
    expect(cluj.getByText('Now open for registration')).toBeInTheDocument();
  });

  it('shows both open events, each in Bucharest’s layout, soonest first', async () => {
    const later = {
      ...CLUJ,
      date: '2025-11-20',
      slots: [{ ...CLUJ.slots[0]!, time: 'Nov 20 - 8:00pm', startsAt: '2025-11-20T18:00:00Z' }],
    };
    serveTour([later, BUCHAREST, MATERA]);
    renderWithProviders(<EventOverview />);
    await screen.findByRole('heading', { name: 'Cluj-Napoca' });
    expect(stops().map((stop) => stop.getAttribute('aria-label'))).toEqual([
      'Bucharest',
      'Cluj-Napoca',
    ]);
    for (const stop of stops()) {
      expect(within(stop).getByRole('heading', { name: 'Available slot' })).toBeInTheDocument();
    }
    // Bucharest keeps its closed slot among the past ones; Cluj has none.
    expect(within(stops()[0]!).getByRole('heading', { name: 'Past events' })).toBeInTheDocument();
    expect(within(stops()[1]!).queryByRole('heading', { name: 'Past events' })).toBeNull();
    expect(screen.queryByText('Matera')).toBeNull();
  });

  it('leaves out an open event whose slots all closed', async () => {
    const closedCluj = { ...CLUJ, slots: [{ ...CLUJ.slots[0]!, status: 'closed' }] };
    serveTour([closedCluj, BUCHAREST]);
    renderWithProviders(<EventOverview />);
    await screen.findByRole('heading', { name: 'Bucharest' });
    expect(stops()).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Cluj-Napoca' })).toBeNull();
  });

  it('says the tour is resting when no event is open, and links to the past events', async () => {
    serveTour([MATERA, COMPLETED_BUCHAREST]);
    renderWithProviders(<EventOverview />);
    expect(await screen.findByText('The tour is resting')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'No performance is open for registration' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Bucharest' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See all past events' })).toHaveAttribute(
      'href',
      '/past-events',
    );
  });

  it('names the events announced but not yet open as coming soon', async () => {
    serveTour([COMPLETED_BUCHAREST, { ...CLUJ, status: 'coming-soon' }]);
    renderWithProviders(<EventOverview />);
    expect(await screen.findByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cluj-Napoca' })).toBeInTheDocument();
    expect(
      screen.getByText('Registration opens soon. Come back to choose your time slot.'),
    ).toBeInTheDocument();
  });

  it('says the tour is resting in Romanian too', async () => {
    window.localStorage.setItem('language', 'ro');
    serveTour([MATERA, COMPLETED_BUCHAREST]);
    renderWithProviders(<EventOverview />);
    expect(await screen.findByText('Turneul ia o pauză')).toBeInTheDocument();
  });

  it.each([
    ['it', 'Clausemburgo', 'Fabbrica dei Pennelli', 'Bucarest'],
    ['ro', 'Cluj-Napoca', 'Fabrica de Pensule', 'București'],
  ])(
    'names a new event in %s by the tour’s own names, Bucharest by the site’s',
    async (language, city, venue, bucharest) => {
      window.localStorage.setItem('language', language);
      serveTour([BUCHAREST, CLUJ]);
      renderWithProviders(<EventOverview />);
      expect(await screen.findByRole('heading', { name: city })).toBeInTheDocument();
      expect(screen.getByText(venue)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: bucharest })).toBeInTheDocument();
      expect(screen.queryByText('Paintbrush Factory')).toBeNull();
    },
  );

  it('keeps the room of a stop while the tour loads', () => {
    fakeFetch(() => new Promise(() => {}));
    renderWithProviders(<EventOverview />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(status).toHaveClass('event-overview__main', 'card');
    expect(status.parentElement).toHaveClass('event-overview', 'event-overview--pending');
  });
});

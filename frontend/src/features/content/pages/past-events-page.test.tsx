import { screen } from '@testing-library/react';
import { BUCHAREST, CLUJ, MATERA, fakeFetch, renderWithProviders } from '../../../test/render';
import PastEventsPage from './past-events-page';

const NAPOLI = { ...MATERA, slug: 'napoli', city: 'Napoli', venue: 'Napoli', date: '2025-09-14' };

/** Cluj, played since the build. */
const PLAYED_CLUJ = {
  ...CLUJ,
  date: '2025-11-06',
  status: 'completed',
  slots: [
    {
      time: 'Nov 6 - 8:00pm',
      startsAt: '2025-11-06T18:00:00.000Z',
      status: 'closed',
      capacity: 20,
    },
  ],
};

beforeEach(() => {
  window.localStorage.clear();
  fakeFetch((_method, url) =>
    url === '/api/events' ? { body: [MATERA, NAPOLI, BUCHAREST, PLAYED_CLUJ] } : { status: 404 },
  );
});

const cities = () =>
  Array.from(document.querySelectorAll('.past-event h2'), (heading) => heading.textContent);

describe('PastEventsPage', () => {
  it("lists the tour's completed events, the latest first, and not the open one", async () => {
    renderWithProviders(<PastEventsPage />);
    await screen.findByRole('heading', { level: 2, name: 'Cluj-Napoca' });
    expect(cities()).toEqual(['Cluj-Napoca', 'Napoli', 'Matera']);
    expect(screen.getAllByText('Event Completed')).toHaveLength(3);
  });

  it('names an event in Italian as the tour names it', async () => {
    window.localStorage.setItem('language', 'it');
    renderWithProviders(<PastEventsPage />);
    await screen.findByRole('heading', { level: 2, name: 'Clausemburgo' });
    expect(screen.getByText('Fabbrica dei Pennelli')).toBeInTheDocument();
    expect(cities()).toEqual(['Clausemburgo', 'Napoli', 'Matera']);
  });
});

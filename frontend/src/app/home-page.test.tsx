import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUCHAREST, MATERA, capacity, fakeFetch, renderWithProviders } from '../test/render';
import { HomePage } from './home-page';

beforeEach(() => {
  window.localStorage.clear();
  fakeFetch((_method, url) => {
    if (url === '/api/events') return { body: [MATERA, BUCHAREST] };
    if (url === '/api/capacity') return { body: capacity(0, 4) };
    return { status: 404 };
  });
});

describe('HomePage', () => {
  it('starts with the form hidden; the hero button reveals it and moves focus to it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HomePage />);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const hero = screen.getByRole('button', { name: 'Register now' });
    expect(hero).toHaveAttribute('aria-expanded', 'false');
    await user.click(hero);
    expect(hero).toHaveAttribute('aria-expanded', 'true');
    const heading = await screen.findByRole('heading', { name: 'Register for the performance' });
    expect(heading).toHaveFocus();
  });

  it('opens the form for /?register=true', async () => {
    renderWithProviders(<HomePage />, { route: '/?register=true' });
    expect(
      await screen.findByRole('heading', { name: 'Register for the performance' }),
    ).toBeInTheDocument();
  });

  it('shows Bucharest at 35 RON, the closed slot among past events and a full open slot', async () => {
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('35 RON')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bucharest' })).toBeInTheDocument();
    const past = screen.getByRole('heading', { name: 'Past events' }).parentElement as HTMLElement;
    expect(past).toHaveTextContent(/Sunday, October 19 · 7:00 PM\s*Closed/);
    expect(await screen.findByText('Full')).toBeInTheDocument();
    expect(screen.getByText('4 people on the waiting list')).toBeInTheDocument();
  });

  it('has the experience, two steps, vision, five questions, cards and page buttons', async () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { name: 'The experience' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('heading', { name: 'How it works' }).nextElementSibling?.children,
    ).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Vision' })).toBeInTheDocument();
    expect(document.querySelectorAll('.faq__item')).toHaveLength(5);
    for (const [name, href] of [
      [/The dream archive/, '/dreams'],
      [/Polaroid gallery/, '/polaroid'],
      ['About', '/about'],
      ['Who We Are', '/who-we-are'],
      ['Press', '/press'],
      ['Past Events', '/past-events'],
    ] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // The share section comes with code of its own.
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(
      document.querySelectorAll('.share__list a[target="_blank"][rel="noopener noreferrer"]'),
    ).toHaveLength(4);
  });

  it('shares the next stop by its city, and the experiment alone while the tour rests', async () => {
    const shared = () =>
      decodeURIComponent(
        document.querySelector<HTMLAnchorElement>('.share__list a[href*="wa.me"]')!.href,
      );
    const { unmount } = renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'Bucharest' });
    await screen.findByRole('button', { name: 'Copy link' });
    expect(shared()).toContain('join the dream experiment in Bucharest.');
    unmount();

    fakeFetch((_method, url) =>
      url === '/api/events'
        ? { body: [MATERA, { ...BUCHAREST, status: 'completed' }] }
        : { body: capacity(5) },
    );
    renderWithProviders(<HomePage />);
    await screen.findByText('The tour is resting');
    await screen.findByRole('button', { name: 'Copy link' });
    expect(shared()).toContain('Twenty strangers, one darkness: the dream experiment.');
    expect(shared()).not.toContain('Bucharest');
  });

  it.each([
    ['en', '30.50\u00a0EUR', 'Then pay 30.50\u00a0EUR by card'],
    ['it', '30,50\u00a0EUR', 'Poi paga 30,50\u00a0EUR con carta'],
    ['ro', '30,50\u00a0EUR', 'Apoi plătește 30,50\u00a0EUR cu cardul'],
  ])(
    "%s: the hero and how-it-works name the open stop's own price, in the reader's digits",
    async (language, price, step) => {
      window.localStorage.setItem('language', language);
      const napoli = {
        ...BUCHAREST,
        slug: 'napoli',
        city: 'Napoli',
        priceMinor: 3050,
        currency: 'EUR',
      };
      fakeFetch((_method, url) => {
        if (url === '/api/events') return { body: [napoli] };
        if (url === '/api/capacity') return { body: { napoli: capacity(0, 0).bucharest } };
        return { status: 404 };
      });
      const { container } = renderWithProviders(<HomePage />);
      // The price as Intl writes it, its no-break space kept (the default matcher would fold it).
      await waitFor(() => expect(container.querySelector('.hero__meta')).not.toBeNull());
      expect(container.querySelector('.hero__meta')?.textContent).toContain(price);
      expect(container.querySelector('.steps')?.textContent).toContain(step);
      expect(container).not.toHaveTextContent(/35\sRON/);
    },
  );
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUCHAREST, fakeFetch, renderWithProviders } from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import ConfirmationPage from './confirmation-page';

const REGISTRATION = {
  id: '6f1c2a7e-0000-4000-8000-00000000abcd',
  name: 'Ana Popescu',
  email: 'ana@example.com',
  whatsapp: '+40 712 345 678',
  event: 'bucharest',
  time: 'Oct 30 - 7:30pm',
  waitingList: false,
  paid: true,
  status: 'paid',
  createdAt: '2025-10-01T10:00:00.000Z',
};

const SITE_INFO = {
  chatJoinCode: 'DREAM-2025',
  contactEmail: 'hello@example.org',
  pressEmail: 'press@example.org',
};

function serve(
  registration: () => FakeAnswer | Promise<FakeAnswer>,
  dream?: () => Promise<FakeAnswer>,
) {
  return fakeFetch((method, url) => {
    if (url === '/api/events') return { body: [BUCHAREST] };
    if (url === '/api/site-info') return { body: SITE_INFO };
    if (method === 'GET' && url.startsWith('/api/registrations/')) return registration();
    if (method === 'POST' && url.endsWith('/dreams') && dream) return dream();
    return { status: 404, body: { statusCode: 404, message: 'Not found', errors: [] } };
  });
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('ConfirmationPage', () => {
  it('after payment shows success and fetches nothing', () => {
    const calls = serve(() => ({ body: REGISTRATION }));
    renderWithProviders(<ConfirmationPage />, {
      route: '/confirmation?session_id=cs_test_1',
      path: '/confirmation',
    });
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText('Your registration is being processed...')).toBeInTheDocument();
    expect(screen.getByText(/confirmation email/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(calls).toHaveLength(0);
  });

  it('by id shows skeletons, then the details, the chat code and the cancellation address', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    serve(() => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation/${REGISTRATION.id}`,
      path: '/confirmation/:id',
    });
    expect(screen.getByTestId('confirmation-skeleton')).toBeInTheDocument();
    answer({ body: REGISTRATION });

    expect(await screen.findByText('Ana Popescu')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('+40 712 345 678')).toBeInTheDocument();
    expect(screen.getByText('Bucharest')).toBeInTheDocument();
    expect(screen.getByText('National Museum of Contemporary Art (MNAC)')).toBeInTheDocument();
    expect(await screen.findByText('Thursday, October 30, 2025')).toBeInTheDocument();
    expect(screen.getByText('7:30 PM')).toBeInTheDocument();
    expect(screen.getByText('CONFIRMED')).toBeInTheDocument();
    expect(screen.queryByText(/waiting list for this slot/)).not.toBeInTheDocument();
    expect(await screen.findByText('DREAM-2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@example.org' })).toHaveAttribute(
      'href',
      'mailto:hello@example.org',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeInTheDocument();
  });

  it('shows the waiting-list notice for a waiting-list registration', async () => {
    serve(() => ({ body: { ...REGISTRATION, waitingList: true, paid: false, status: 'waiting' } }));
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation/${REGISTRATION.id}`,
      path: '/confirmation/:id',
    });
    expect(
      await screen.findByText('You are on the waiting list for this slot.'),
    ).toBeInTheDocument();
    expect(screen.getByText('WAITING')).toBeInTheDocument();
  });

  it('shows Registration Not Found when the load fails', async () => {
    serve(() => ({ status: 404, body: { statusCode: 404, message: 'Not found', errors: [] } }));
    renderWithProviders(<ConfirmationPage />, {
      route: '/confirmation/unknown',
      path: '/confirmation/:id',
    });
    expect(
      await screen.findByRole('heading', { name: 'Registration Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText("We couldn't find your registration details.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Registration' })).toHaveAttribute(
      'href',
      '/?register=true',
    );
  });

  it('shares a further dream: Submitting..., then Dream Received', async () => {
    const user = userEvent.setup();
    let answer: (value: FakeAnswer) => void = () => undefined;
    const calls = serve(
      () => ({ body: REGISTRATION }),
      () => new Promise<FakeAnswer>((resolve) => (answer = resolve)),
    );
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation/${REGISTRATION.id}`,
      path: '/confirmation/:id',
    });
    const box = await screen.findByLabelText('Your dream');
    const send = screen.getByRole('button', { name: 'Send dream' });
    expect(send).toBeDisabled();
    await user.type(box, 'A staircase made of water.');
    await user.click(send);
    expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer({ status: 201, body: { id: 'e-1' } });
    expect(await screen.findByText('Dream Received')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe(`/api/registrations/${REGISTRATION.id}/dreams`);
    expect(post?.body).toEqual({ dream: 'A staircase made of water.' });
  });

  it('after joining the waiting list shows the notice and the dream box', async () => {
    serve(() => ({ body: REGISTRATION }));
    const { container } = renderWithProviders(<ConfirmationPage />, {
      route: '/confirmation?waitingList=true',
      path: '/confirmation',
    });
    expect(screen.getByRole('heading', { name: "You're on the waiting list" })).toBeInTheDocument();
    expect(container).toHaveTextContent('No payment required at this time.');
    await waitFor(() => expect(screen.queryByLabelText('Your dream')).not.toBeInTheDocument());
  });

  it.each([
    ['it', 'Numero di telefono', 'Luogo', "Museo Nazionale d'Arte Contemporanea (MNAC)"],
    ['ro', 'Număr de telefon', 'Locația', 'Muzeul Național de Artă Contemporană (MNAC)'],
  ])('shows the phone and the location in %s too', async (language, phone, location, venue) => {
    window.localStorage.setItem('language', language);
    serve(() => ({ body: REGISTRATION }));
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation/${REGISTRATION.id}`,
      path: '/confirmation/:id',
    });
    expect(await screen.findByText(phone)).toBeInTheDocument();
    expect(screen.getByText('+40 712 345 678')).toBeInTheDocument();
    expect(await screen.findByText(location)).toBeInTheDocument();
    expect(screen.getByText(venue)).toBeInTheDocument();
  });
});

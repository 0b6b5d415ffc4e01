import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOT_FOUND, fakeSite, renderWithProviders } from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import { rememberJustRegistered } from '../../../lib/just-registered';
import ConfirmationPage from './confirmation-page';

const ID = '6f1c2a7e-0000-4000-8000-00000000abcd';

const REGISTRATION = {
  name: 'Ana Popescu',
  email: 'ana@example.com',
  event: 'bucharest',
  time: 'Oct 30 - 7:30pm',
  waitingList: false,
  status: 'paid',
  sharesDreams: true,
};

const PHONE = '+40 712 345 678';
const SESSION = 'cs_test_a1b2c3d4e5f6g7h8';

/** What the checkout session's payer reads (GET /api/checkout-sessions/{id}/registration). */
const PAYER = { ...REGISTRATION, registrationId: ID, whatsapp: PHONE, paid: true };

function serve(
  registration: () => FakeAnswer | Promise<FakeAnswer>,
  dream?: () => Promise<FakeAnswer>,
  payer: () => FakeAnswer = () => ({ body: PAYER }),
) {
  return fakeSite((method, url) => {
    if (url.startsWith('/api/checkout-sessions/')) return payer();
    if (method === 'GET' && url.startsWith('/api/registrations/')) return registration();
    if (method === 'POST' && url.endsWith('/dreams') && dream) return dream();
    return undefined;
  });
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('ConfirmationPage', () => {
  it.each([
    [
      'en',
      'Phone Number',
      'Bucharest',
      'Location',
      'National Museum of Contemporary Art (MNAC)',
      'CONFIRMED',
    ],
    [
      'it',
      'Numero di telefono',
      'Bucarest',
      'Luogo',
      "Museo Nazionale d'Arte Contemporanea (MNAC)",
      'CONFERMATA',
    ],
    [
      'ro',
      'Număr de telefon',
      'București',
      'Locația',
      'Muzeul Național de Artă Contemporană (MNAC)',
      'CONFIRMATĂ',
    ],
  ])(
    'after payment shows the payer everything SPEC lists, the phone included (%s)',
    async (language, phoneLabel, city, locationLabel, venue, confirmed) => {
      window.localStorage.setItem('language', language);
      const calls = serve(() => ({ body: REGISTRATION }));
      renderWithProviders(<ConfirmationPage />, {
        route: `/confirmation?session_id=${SESSION}`,
        path: '/confirmation',
      });
      expect(await screen.findByText(PHONE)).toBeInTheDocument();
      expect(screen.getByText(phoneLabel)).toBeInTheDocument();
      expect(screen.getByText('Ana Popescu')).toBeInTheDocument();
      expect(screen.getByText('ana@example.com')).toBeInTheDocument();
      expect(await screen.findByText(locationLabel)).toBeInTheDocument();
      expect(screen.getByText(venue)).toBeInTheDocument();
      expect(screen.getByText(city)).toBeInTheDocument();
      expect(screen.getByText(confirmed)).toBeInTheDocument();
      expect(calls.map((call) => call.url)).toContain(
        `/api/checkout-sessions/${SESSION}/registration`,
      );
      expect(calls.some((call) => call.url.startsWith('/api/registrations/'))).toBe(false);
    },
  );

  it('after payment says it is being processed until the payment is recorded', async () => {
    let paid = false;
    serve(
      () => ({ body: REGISTRATION }),
      undefined,
      () => ({ body: { ...PAYER, paid, status: paid ? 'paid' : 'held' } }),
    );
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation?session_id=${SESSION}`,
      path: '/confirmation',
    });
    expect(await screen.findByText('PROCESSING')).toBeInTheDocument();
    expect(screen.getByText('Your registration is being processed...')).toBeInTheDocument();
    paid = true;
    expect(await screen.findByText('CONFIRMED', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText('Your registration is being processed...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your registration' })).toHaveAttribute(
      'href',
      `/confirmation/${ID}`,
    );
  });

  it('shows the ticket once the payment is recorded: its QR and its code, none before', async () => {
    let paid = false;
    const ticket = {
      code: 'T1.eyJrIjoiazEifQ.c2ln',
      validUntil: '2099-10-31T04:00:00.000Z',
      qr: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    };
    serve(
      () => ({ body: REGISTRATION }),
      undefined,
      () => ({
        body: { ...PAYER, paid, status: paid ? 'paid' : 'held', ticket: paid ? ticket : null },
      }),
    );
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation?session_id=${SESSION}`,
      path: '/confirmation',
    });
    expect(await screen.findByText('PROCESSING')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your ticket' })).not.toBeInTheDocument();
    paid = true;
    expect(
      await screen.findByRole('heading', { name: 'Your ticket' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Your ticket's QR code" })).toHaveAttribute(
      'src',
      ticket.qr,
    );
    expect(screen.getByText(ticket.code)).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'Your registration is cancelled', 'CANCELLED', /was cancelled/],
    [
      'refunded',
      'Your payment was refunded',
      'REFUNDED',
      /payment for this registration was refunded/,
    ],
    ['released', 'Your seat was released', 'EXPIRED', /time to pay for this seat ran out/],
  ])(
    'after payment, opened again once the booking is %s, says so in its headline',
    async (status, headline, badge, notice) => {
      serve(
        () => ({ body: REGISTRATION }),
        undefined,
        () => ({ body: { ...PAYER, status, ticket: null } }),
      );
      const { container } = renderWithProviders(<ConfirmationPage />, {
        route: `/confirmation?session_id=${SESSION}`,
        path: '/confirmation',
      });
      expect(await screen.findByRole('heading', { level: 1, name: headline })).toBeVisible();
      expect(screen.getByText(badge)).toBeInTheDocument();
      expect(screen.getByText(notice)).toBeInTheDocument();
      expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
      expect(screen.queryByText(/confirmation email with your ticket/)).not.toBeInTheDocument();
      expect(container.querySelector('.confirmation__icon')).toBeNull();
    },
  );

  it('after payment, a booking moved to the waiting list says so in its headline', async () => {
    serve(
      () => ({ body: REGISTRATION }),
      undefined,
      () => ({ body: { ...PAYER, status: 'waiting', waitingList: true, ticket: null } }),
    );
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation?session_id=${SESSION}`,
      path: '/confirmation',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're on the waiting list" }),
    ).toBeVisible();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it('after payment with an unknown session still says so, and shows no details', async () => {
    serve(
      () => ({ body: REGISTRATION }),
      undefined,
      () => NOT_FOUND,
    );
    renderWithProviders(<ConfirmationPage />, {
      route: '/confirmation?session_id=cs_test_unknown',
      path: '/confirmation',
    });
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByText(/confirmation email/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() =>
      expect(screen.getByText('Your registration is being processed...')).toBeInTheDocument(),
    );
    expect(screen.queryByText('Phone Number')).not.toBeInTheDocument();
  });

  it('by id shows skeletons, then the details, the chat code and the cancellation address', async () => {
    let answer: (value: FakeAnswer) => void = () => undefined;
    serve(() => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation/${ID}`,
      path: '/confirmation/:id',
    });
    expect(screen.getByTestId('confirmation-skeleton')).toBeInTheDocument();
    answer({ body: REGISTRATION });

    expect(await screen.findByText('Ana Popescu')).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Bucharest')).toBeInTheDocument();
    expect(screen.getByText('National Museum of Contemporary Art (MNAC)')).toBeInTheDocument();
    expect(await screen.findByText('Thursday, October 30, 2025')).toBeInTheDocument();
    expect(screen.getByText('7:30 PM')).toBeInTheDocument();
    expect(screen.getByText('CONFIRMED')).toBeInTheDocument();
    // Whoever holds only the id (it travels in links) is never shown the phone.
    expect(screen.queryByText('Phone Number')).not.toBeInTheDocument();
    expect(screen.queryByText(PHONE)).not.toBeInTheDocument();
    expect(screen.queryByText(/waiting list for this slot/)).not.toBeInTheDocument();
    expect(await screen.findByText('DREAM-2025')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@example.org' })).toHaveAttribute(
      'href',
      'mailto:hello@example.org',
    );
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeInTheDocument();
  });

  it('shows the waiting-list notice for a waiting-list registration', async () => {
    serve(() => ({ body: { ...REGISTRATION, waitingList: true, status: 'waiting' } }));
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation/${ID}`,
      path: '/confirmation/:id',
    });
    expect(
      await screen.findByText('You are on the waiting list for this slot.'),
    ).toBeInTheDocument();
    expect(screen.getByText('WAITING')).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'CANCELLED', 'This registration was cancelled'],
    ['refunded', 'REFUNDED', 'The payment for this registration was refunded'],
    ['released', 'EXPIRED', 'The time to pay for this seat ran out'],
  ])(
    'says a %s registration is no longer confirmed, and offers no dream sharing',
    async (status, badge, notice) => {
      serve(() => ({ body: { ...REGISTRATION, status, sharesDreams: false } }));
      renderWithProviders(<ConfirmationPage />, {
        route: `/confirmation/${ID}`,
        path: '/confirmation/:id',
      });
      expect(await screen.findByText(badge)).toBeInTheDocument();
      expect(screen.getByText(new RegExp(notice))).toBeInTheDocument();
      expect(screen.queryByText('CONFIRMED')).not.toBeInTheDocument();
      expect(
        screen.queryByRole('heading', { name: 'Share another dream' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send dream' })).not.toBeInTheDocument();
    },
  );

  it('shows Registration Not Found when the load fails', async () => {
    serve(() => NOT_FOUND);
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
      route: `/confirmation/${ID}`,
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
    expect(post?.url).toBe(`/api/registrations/${ID}/dreams`);
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

  it.each(['en', 'it', 'ro'])(
    'after joining the waiting list shows what the form sent, phone included, in %s, until a reload',
    async (language) => {
      window.localStorage.setItem('language', language);
      serve(() => ({ body: REGISTRATION }));
      const waitingId = `6f1c2a7e-0000-4000-8000-00000000${language}00`;
      rememberJustRegistered({ ...REGISTRATION, registrationId: waitingId, whatsapp: PHONE });
      const { unmount } = renderWithProviders(<ConfirmationPage />, {
        route: {
          pathname: '/confirmation',
          search: '?waitingList=true',
          state: { registrationId: waitingId },
        },
        path: '/confirmation',
      });
      expect(await screen.findByText(PHONE)).toBeInTheDocument();
      expect(screen.getByText('Ana Popescu')).toBeInTheDocument();
      expect(
        await screen.findByText({ en: 'WAITING', it: 'IN ATTESA', ro: 'ÎN AȘTEPTARE' }[language]!),
      ).toBeInTheDocument();
      unmount();
      // Another registration's id (or none, as after a reload): the notices alone.
      renderWithProviders(<ConfirmationPage />, {
        route: '/confirmation?waitingList=true',
        path: '/confirmation',
      });
      expect(screen.queryByText(PHONE)).not.toBeInTheDocument();
    },
  );

  it.each([
    ['it', 'Luogo', "Museo Nazionale d'Arte Contemporanea (MNAC)"],
    ['ro', 'Locația', 'Muzeul Național de Artă Contemporană (MNAC)'],
  ])('shows the location in %s too', async (language, location, venue) => {
    window.localStorage.setItem('language', language);
    serve(() => ({ body: REGISTRATION }));
    renderWithProviders(<ConfirmationPage />, {
      route: `/confirmation/${ID}`,
      path: '/confirmation/:id',
    });
    expect(await screen.findByText(location)).toBeInTheDocument();
    expect(screen.getByText(venue)).toBeInTheDocument();
  });
});

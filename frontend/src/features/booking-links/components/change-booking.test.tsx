import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redirectTo } from '../../../lib/browser-location';
import { BUCHAREST, fakeSite, renderWithProviders } from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import HandOnBookingPage from './hand-on-booking-page';
import MoveBookingPage from './move-booking-page';

jest.mock('../../../lib/browser-location', () => ({ redirectTo: jest.fn() }));

beforeEach(() => jest.mocked(redirectTo).mockReset());

const STARTS_AT = BUCHAREST.slots.find((slot) => slot.time === 'Oct 30 - 7:30pm')?.startsAt;

function booking(overrides: Record<string, unknown> = {}) {
  return {
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    startsAt: STARTS_AT,
    name: 'Ana Popescu',
    status: 'paid',
    cancellableUntil: '2099-10-29T17:30:00.000Z',
    cancellationOpen: true,
    pastTheDoor: null,
    offerExpiresAt: null,
    ticket: null,
    netPaid: { amountMinor: 3500, currency: 'RON' },
    pendingMove: null,
    ...overrides,
  };
}

/** Bucharest with a second open slot, the one to move to. */
const TWO_SLOTS = {
  ...BUCHAREST,
  slots: [
    ...BUCHAREST.slots,
    { time: 'Oct 31 - 7:30pm', startsAt: '2025-10-31T17:30:00.000Z', status: 'open', capacity: 20 },
  ],
};

/** Napoli, dearer (50 RON), and Matera, priced in euros (30 EUR): stops to move to. */
const NAPOLI = {
  ...BUCHAREST,
  slug: 'napoli',
  city: 'Napoli',
  priceMinor: 5000,
  slots: [
    { time: 'Nov 3 - 8:00pm', startsAt: '2025-11-03T19:00:00.000Z', status: 'open', capacity: 20 },
  ],
};
const MATERA = {
  ...BUCHAREST,
  slug: 'matera',
  city: 'Matera',
  priceMinor: 3000,
  currency: 'EUR',
  slots: [
    { time: 'Nov 4 - 8:00pm', startsAt: '2025-11-04T19:00:00.000Z', status: 'open', capacity: 20 },
  ],
};

function serve(
  purpose: 'move' | 'hand-on',
  answer: FakeAnswer,
  changed: () => FakeAnswer,
  events: unknown[] = [TWO_SLOTS],
) {
  const posted: unknown[] = [];
  fakeSite((method, url, body) => {
    if (method === 'GET' && url.startsWith(`/api/registrations/${purpose}/booking?`)) return answer;
    if (method === 'POST' && url === `/api/registrations/${purpose}`) {
      posted.push(body);
      return changed();
    }
    if (method === 'POST' && url === '/api/registrations/move/checkout') {
      posted.push({ checkout: body });
      return {
        body: { url: '/sandbox/checkout/cs_difference', expiresAt: '2099-01-01T00:00:00Z' },
      };
    }
    return undefined;
  }, events);
  return posted;
}

const option = (select: HTMLElement, slug: string) =>
  [...(select as HTMLSelectElement).options].find((item) => item.value.includes(`"${slug}"`))!
    .value;

describe('the move and hand-on pages', () => {
  it('says why past the door, and offers no form', async () => {
    serve('move', { body: booking({ pastTheDoor: 'checked-in' }) }, () => ({ status: 204 }));
    renderWithProviders(<MoveBookingPage />, { route: '/move?token=a.b', path: '/move' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/past the door/);
    expect(screen.queryByRole('button', { name: 'Move my booking' })).not.toBeInTheDocument();
  });

  it('says a full slot in its own words, with the way to its waiting list', async () => {
    serve('move', { body: booking() }, () => ({
      status: 409,
      body: { statusCode: 409, code: 'slot-full', message: 'Full', errors: [] },
    }));
    renderWithProviders(<MoveBookingPage />, { route: '/move?token=a.b', path: '/move' });
    const select = await screen.findByLabelText('Move to');
    const option = [...(select as HTMLSelectElement).options].find((item) => item.value !== '');
    expect(option).toBeDefined();
    await userEvent.selectOptions(select, option!.value);
    await userEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/no seat free.*waiting list/);
  });

  it('hands on with the new person, and says a refused field in its own words', async () => {
    let answer: FakeAnswer = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'validation-failed',
        message: 'Invalid',
        errors: [{ field: 'email', code: 'invalid-email', message: 'Bad' }],
      },
    };
    const posted = serve('hand-on', { body: booking() }, () => answer);
    renderWithProviders(<HandOnBookingPage />, { route: '/hand-on?token=a.b', path: '/hand-on' });
    await userEvent.type(await screen.findByLabelText('Their name'), 'Ioana Marin');
    await userEvent.type(screen.getByLabelText('Their email'), 'ioana');
    await userEvent.type(screen.getByLabelText('Their WhatsApp number'), '+40 722 111 222');
    await userEvent.type(screen.getByLabelText('Their dream'), 'A lighthouse.');
    await userEvent.click(screen.getByRole('button', { name: 'Hand it on' }));
    expect(await screen.findByText('Please give a valid email address.')).toBeInTheDocument();
    answer = { status: 204 };
    await userEvent.click(screen.getByRole('button', { name: 'Hand it on' }));
    expect(await screen.findByText('Your booking is handed on')).toBeInTheDocument();
    expect(posted.at(-1)).toMatchObject({ token: 'a.b', name: 'Ioana Marin', locale: 'en' });
  });

  it('says a dearer slot’s difference before the move, and sends the visitor to pay it', async () => {
    const posted = serve(
      'move',
      { body: booking() },
      () => ({
        body: {
          outcome: 'payment-due',
          difference: null,
          pendingMove: {
            event: 'napoli',
            time: 'Nov 3 - 8:00pm',
            amountMinor: 1500,
            currency: 'RON',
            expiresAt: '2099-01-01T00:00:00Z',
          },
          checkout: { url: '/sandbox/checkout/cs_difference', expiresAt: '2099-01-01T00:00:00Z' },
        },
      }),
      [TWO_SLOTS, NAPOLI, MATERA],
    );
    renderWithProviders(<MoveBookingPage />, { route: '/move?token=a.b', path: '/move' });
    const select = await screen.findByLabelText('Move to');
    await userEvent.selectOptions(select, option(select, 'napoli'));
    expect(screen.getByText(/costs 15 RON more than you paid/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move and pay the difference' }));
    expect(posted.at(-1)).toEqual({ token: 'a.b', event: 'napoli', time: 'Nov 3 - 8:00pm' });
    expect(redirectTo).toHaveBeenCalledWith('/sandbox/checkout/cs_difference');
  });

  it('says a cheaper slot’s refund, and refuses another currency before asking', async () => {
    serve(
      'move',
      { body: booking({ netPaid: { amountMinor: 5000, currency: 'RON' } }) },
      () => ({
        body: {
          outcome: 'moved',
          difference: { amountMinor: 1500, currency: 'RON', settled: 'refunded' },
          pendingMove: null,
          checkout: null,
        },
      }),
      [TWO_SLOTS, NAPOLI, MATERA],
    );
    renderWithProviders(<MoveBookingPage />, { route: '/move?token=a.b', path: '/move' });
    const select = await screen.findByLabelText('Move to');
    await userEvent.selectOptions(select, option(select, 'matera'));
    expect(screen.getByText(/priced in EUR, and you paid in RON/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move my booking' })).toBeDisabled();
    await userEvent.selectOptions(select, option(select, 'bucharest'));
    expect(screen.getByText(/costs 15 RON less than you paid/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    expect(await screen.findByText('Your booking has moved')).toBeInTheDocument();
    expect(screen.getByText(/difference of 15 RON is being refunded/)).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('says the server’s refusal of another currency in its own words', async () => {
    serve(
      'move',
      { body: booking({ netPaid: null }) },
      () => ({
        status: 409,
        body: { statusCode: 409, code: 'move-currency-differs', message: 'No', errors: [] },
      }),
      [TWO_SLOTS, MATERA],
    );
    renderWithProviders(<MoveBookingPage />, { route: '/move?token=a.b', path: '/move' });
    const select = await screen.findByLabelText('Move to');
    await userEvent.selectOptions(select, option(select, 'matera'));
    await userEvent.click(screen.getByRole('button', { name: 'Move my booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/another currency/);
  });

  it('shows a move waiting for its difference, and opens its payment page', async () => {
    const posted = serve(
      'move',
      {
        body: booking({
          pendingMove: {
            event: 'napoli',
            time: 'Nov 3 - 8:00pm',
            amountMinor: 1500,
            currency: 'RON',
            expiresAt: '2099-01-01T00:00:00Z',
          },
        }),
      },
      () => ({ status: 500 }),
      [TWO_SLOTS, NAPOLI],
    );
    renderWithProviders(<MoveBookingPage />, {
      route: '/move?token=a.b&difference=left',
      path: '/move',
    });
    expect(await screen.findByText('Your move waits for the difference')).toBeInTheDocument();
    expect(
      screen.getByText(/Your move to Napoli .* waits for the difference of 15 RON/),
    ).toBeInTheDocument();
    expect(screen.getByText(/You left the payment page/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay the difference' }));
    expect(posted.at(-1)).toEqual({ checkout: { token: 'a.b' } });
    expect(redirectTo).toHaveBeenCalledWith('/sandbox/checkout/cs_difference');
  });

  it('back from paying, says the payment is being confirmed', async () => {
    serve(
      'move',
      {
        body: booking({
          pendingMove: {
            event: 'napoli',
            time: 'Nov 3 - 8:00pm',
            amountMinor: 1500,
            currency: 'RON',
            expiresAt: '2099-01-01T00:00:00Z',
          },
        }),
      },
      () => ({ status: 500 }),
      [TWO_SLOTS, NAPOLI],
    );
    renderWithProviders(<MoveBookingPage />, {
      route: '/move?token=a.b&difference=paid',
      path: '/move',
    });
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay the difference' })).not.toBeInTheDocument();
  });
});

import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { AdminIntlProvider } from '../../../lib/admin-session/admin-intl-provider';
import { AdminSessionProvider } from '../../../lib/admin-session/use-admin-session';
import { BOX_OFFICE_SESSION, BUCHAREST, fakeSite, renderWithProviders } from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import type { AdminRegistration } from '../api/admin-registration';
import { MoveBookingDialog } from './change-booking-dialogs';

const ID = '00000000-0000-4000-8000-00000000abcd';

/** Stops ahead of any run: Bucharest (35 RON, two slots), Napoli (50 RON), Matera (30 EUR). */
const slot = (time: string, startsAt: string) => ({ time, startsAt, status: 'open', capacity: 20 });
const EVENTS = [
  {
    ...BUCHAREST,
    slots: [slot('A', '2099-10-30T17:30:00.000Z'), slot('B', '2099-10-31T17:30:00.000Z')],
  },
  {
    ...BUCHAREST,
    slug: 'napoli',
    city: 'Napoli',
    priceMinor: 5000,
    slots: [slot('N', '2099-11-03T19:00:00.000Z')],
  },
  {
    ...BUCHAREST,
    slug: 'matera',
    city: 'Matera',
    priceMinor: 3000,
    currency: 'EUR',
    slots: [slot('E', '2099-11-04T19:00:00.000Z')],
  },
];

const registration = (overrides: Partial<AdminRegistration> = {}): AdminRegistration => ({
  id: ID,
  name: 'Ana Pop',
  email: 'ana@example.com',
  whatsapp: '+40 712 345 678',
  event: 'bucharest',
  time: 'A',
  dreamedCaptured: false,
  dream: 'A dream.',
  waitingList: false,
  paid: true,
  paidBy: 'card',
  paidToggle: false,
  status: 'paid',
  listedAs: 'confirmed',
  stripeSessionId: 'cs_1',
  createdAt: '2099-10-01T10:00:00.000Z',
  netPaid: { amountMinor: 3500, currency: 'RON' },
  pendingMove: null,
  ...overrides,
});

function serve(moved: () => FakeAnswer | Promise<FakeAnswer>) {
  const posted: unknown[] = [];
  fakeSite((method, url, body) => {
    if (url === '/api/admin/session') return { body: BOX_OFFICE_SESSION };
    if (method === 'POST' && url === `/api/admin/registrations/${ID}/move`) {
      posted.push(body);
      return moved();
    }
    return undefined;
  }, EVENTS);
  return posted;
}

function open(booking: AdminRegistration) {
  const closed = jest.fn();
  renderWithProviders(
    <AdminIntlProvider>
      <AdminSessionProvider>
        <MoveBookingDialog registration={booking} name="Ana Pop" onClose={closed} />
      </AdminSessionProvider>
    </AdminIntlProvider>,
  );
  return closed;
}

const CITIES: Record<string, string> = {
  bucharest: 'Bucharest',
  napoli: 'Napoli',
  matera: 'Matera',
};

/** Chooses the stop's slot, once the tour's slots are read. */
const choose = async (slug: string) => {
  const option = await screen.findByRole('option', { name: new RegExp(`^${CITIES[slug]} ·`) });
  await userEvent.selectOptions(screen.getByLabelText('Move to'), option);
};

describe('the operator’s move of a booking of another price', () => {
  it('asks what becomes of a dearer slot’s difference, and says the link was sent', async () => {
    const posted = serve(() => ({
      body: {
        ...registration(),
        pendingMove: {
          event: 'napoli',
          time: 'N',
          amountMinor: 1500,
          currency: 'RON',
          expiresAt: '2099-10-02T10:00:00.000Z',
        },
      },
    }));
    const closed = open(registration());
    await choose('napoli');
    expect(
      screen.getByText('A seat there costs 15 RON more than this booking paid. The difference:'),
    ).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Move' });
    expect(confirm).toBeDisabled();
    await userEvent.click(screen.getByLabelText(/is asked of Ana Pop/));
    await userEvent.click(confirm);
    expect(posted).toEqual([{ event: 'napoli', time: 'N', difference: 'ask' }]);
    expect(await screen.findByText('Payment Link Sent')).toBeInTheDocument();
    expect(closed).toHaveBeenCalled();
  });

  it('says a cheaper slot’s refund, and moves at once', async () => {
    const posted = serve(() => ({ body: registration({ event: 'napoli', time: 'N' }) }));
    open(registration({ netPaid: { amountMinor: 5000, currency: 'RON' } }));
    await choose('bucharest');
    expect(
      screen.getByText(
        'A seat there costs 15 RON less than this booking paid: the difference is refunded to the card.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(posted).toEqual([{ event: 'bucharest', time: 'B' }]);
    expect(await screen.findByText('Booking Moved')).toBeInTheDocument();
  });

  it('waives a dearer slot’s difference when the operator says so', async () => {
    const posted = serve(() => ({ body: registration({ event: 'napoli', time: 'N' }) }));
    open(registration());
    await choose('napoli');
    await userEvent.click(screen.getByLabelText(/is waived/));
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(posted).toEqual([{ event: 'napoli', time: 'N', difference: 'waive' }]);
    expect(await screen.findByText('Booking Moved')).toBeInTheDocument();
  });

  it('says the booking moved even when the list drops its card before the answer comes', async () => {
    let answer!: (value: FakeAnswer) => void;
    serve(() => new Promise<FakeAnswer>((resolve) => (answer = resolve)));
    let dropCard!: () => void;
    function Card() {
      const [shown, setShown] = useState(true);
      dropCard = () => setShown(false);
      return shown ? (
        <MoveBookingDialog registration={registration()} name="Ana Pop" onClose={() => {}} />
      ) : null;
    }
    renderWithProviders(
      <AdminIntlProvider>
        <AdminSessionProvider>
          <Card />
        </AdminSessionProvider>
      </AdminIntlProvider>,
    );
    await choose('bucharest');
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    // The live list refreshed first: the booking left the slot shown, its card and dialog too.
    act(() => dropCard());
    expect(screen.queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    answer({ body: registration({ time: 'B' }) });
    expect(await screen.findByText('Booking Moved')).toBeInTheDocument();
  });

  it('refuses another currency before asking', async () => {
    const posted = serve(() => ({ status: 500 }));
    open(registration());
    await choose('matera');
    expect(screen.getByText(/paid in RON, and a seat there is priced in EUR/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    expect(posted).toEqual([]);
  });

  it('a seat paid at the desk moves as it is; a refusal comes in the console’s words', async () => {
    const posted = serve(() => ({
      status: 409,
      body: { statusCode: 409, code: 'move-currency-differs', message: 'No', errors: [] },
    }));
    open(registration({ paidBy: 'operator', netPaid: null }));
    await choose('matera');
    expect(screen.queryByText(/priced in EUR/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(posted).toEqual([{ event: 'matera', time: 'E' }]);
    expect(
      await screen.findByText(
        'That slot is priced in another currency than the one this booking was paid in: it cannot move there.',
      ),
    ).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import {
  BOX_OFFICE_SESSION,
  DOOR_SESSION,
  OWNER_SESSION,
  fakeFetch,
  renderWithProviders,
} from '../../../test/render';
import CommandCenterPage from '../../../app/command-center/command-center-page';
import type { Accounts, CurrencyTotals } from '../api/get-accounts';

function totals(currency: string, change: Partial<CurrencyTotals>): CurrencyTotals {
  return {
    currency,
    payments: 0,
    seatsPaid: 0,
    grossMinor: 0,
    refunds: 0,
    refundedMinor: 0,
    refundsInFlight: 0,
    refundsInFlightMinor: 0,
    netMinor: 0,
    feesMinor: null,
    ...change,
  };
}

const RON = totals('RON', {
  payments: 3,
  seatsPaid: 2,
  grossMinor: 10500,
  refunds: 1,
  refundedMinor: 3500,
  netMinor: 7000,
  feesMinor: 210,
});
const EUR = totals('EUR', {
  payments: 1,
  grossMinor: 3500,
  refundsInFlight: 1,
  refundsInFlightMinor: 3500,
  netMinor: 3500,
});

const ACCOUNTS: Accounts = {
  stops: [
    {
      event: 'bucharest',
      city: { en: 'Bucharest', it: 'Bucarest', ro: 'București' },
      timeZone: 'Europe/Bucharest',
      slots: [
        {
          time: 'Oct 30 - 7:30pm',
          startsAt: '2030-10-30T17:30:00.000Z',
          heldSeats: 2,
          totals: [EUR, RON],
        },
        { time: 'Oct 31 - 9:00pm', startsAt: '2030-10-31T19:00:00.000Z', heldSeats: 0, totals: [] },
      ],
      totals: [EUR, RON],
    },
  ],
  totals: [EUR, RON],
};

function moneyServer(session: object = OWNER_SESSION) {
  return fakeFetch((_method, url) => {
    if (url === '/api/admin/session') return { body: session };
    if (url === '/api/admin/accounts') return { body: ACCOUNTS };
    return { status: 404, body: { statusCode: 404, message: 'Not found', errors: [] } };
  });
}

function renderMoney() {
  return renderWithProviders(<CommandCenterPage section="money" />, {
    route: '/admin/money',
    path: '/admin/money',
  });
}

describe('the Money page', () => {
  beforeEach(() => window.localStorage.clear());

  it.each([
    ['en', 'Money', 'Bucharest', 'Net', '€35.00', 'RON 70.00', '1 refund in flight, €35.00'],
    ['it', 'Incassi', 'Bucarest', 'Netto', '35,00 €', '70,00 RON', '1 rimborso in corso, 35,00 €'],
    [
      'ro',
      'Bani',
      'București',
      'Sumă netă',
      '35,00 EUR',
      '70,00 RON',
      '1 rambursare în curs, 35,00 EUR',
    ],
  ])(
    'shows each currency apart, per stop and slot, in %s',
    async (language, title, city, net, euros, lei, inFlight) => {
      window.localStorage.setItem('language', language);
      const calls = moneyServer();
      renderMoney();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      const stop = await screen.findByRole('region', { name: city });
      const table = within(stop).getByRole('table');
      expect(within(table).getAllByRole('columnheader', { name: net })).toHaveLength(1);
      const rows = within(table).getAllByRole('row');
      // The header, EUR and RON of the first slot, the second slot without money, two totals.
      expect(rows).toHaveLength(6);
      const normalise = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
      expect(normalise(rows[1].textContent)).toContain('EUR');
      expect(normalise(rows[1].textContent)).toContain(normalise(euros));
      expect(normalise(rows[1].textContent)).toContain(normalise(inFlight));
      expect(normalise(rows[2].textContent)).toContain(normalise(lei));
      expect(normalise(rows[2].textContent)).not.toContain('EUR');
      expect(calls.map((call) => call.url)).toContain('/api/admin/accounts');
    },
  );

  it('offers the CSV and names the fees only where the provider reported them', async () => {
    moneyServer(BOX_OFFICE_SESSION);
    renderMoney();
    const link = await screen.findByRole('link', { name: 'Download the CSV for the accountant' });
    expect(link).toHaveAttribute('href', '/api/admin/accounts.csv');
    const whole = await screen.findByRole('region', { name: 'The whole tour' });
    const [, eur, ron] = within(whole).getAllByRole('row');
    expect(eur.textContent).toContain('not reported');
    expect(ron.textContent?.replace(/\s/g, ' ')).toContain('RON 2.10');
    expect(screen.getByRole('link', { name: 'Money' })).toHaveAttribute('href', '/admin/money');
  });

  it('is refused to the door, and not in its navigation', async () => {
    moneyServer(DOOR_SESSION);
    renderMoney();
    expect(await screen.findByText(/Your role does not allow/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Money' })).not.toBeInTheDocument();
  });
});

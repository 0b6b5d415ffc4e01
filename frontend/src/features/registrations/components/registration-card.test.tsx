import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminIntlProvider } from '../../../lib/admin-session/admin-intl-provider';
import { AdminSessionProvider } from '../../../lib/admin-session/use-admin-session';
import { BOX_OFFICE_SESSION, BUCHAREST, fakeSite, renderWithProviders } from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import type { AdminRegistration } from '../api/admin-registration';
import { RegistrationCard } from './registration-card';

const ID = '00000000-0000-4000-8000-00000000beef';

const waiting: AdminRegistration = {
  id: ID,
  name: 'Wanda Wait',
  email: 'wanda@example.com',
  whatsapp: '+40 712 345 678',
  event: 'bucharest',
  time: BUCHAREST.slots[0].time,
  dreamedCaptured: false,
  dream: 'A dream.',
  waitingList: true,
  paid: false,
  paidBy: null,
  paidToggle: true,
  status: 'waiting',
  listedAs: 'waiting',
  stripeSessionId: null,
  createdAt: '2099-10-01T10:00:00.000Z',
  netPaid: null,
  pendingMove: null,
};

/**
 * The card as the console's list shows it under a filter: `drop()` is the list refreshing
 * without it (the booking no longer matches the filter), which unmounts the card.
 */
function renderCardInAList() {
  let drop!: () => void;
  function List() {
    const [shown, setShown] = useState(true);
    drop = () => setShown(false);
    return shown ? <RegistrationCard registration={waiting} /> : null;
  }
  renderWithProviders(
    <AdminIntlProvider>
      <AdminSessionProvider>
        <List />
      </AdminSessionProvider>
    </AdminIntlProvider>,
  );
  return () => act(() => drop());
}

/**
 * The console's site answering the confirmation when the test says (the answer it returns), the
 * card confirmed, then dropped from the list before the answer comes.
 */
async function confirmThenDropTheCard(): Promise<(value: FakeAnswer) => void> {
  let answer!: (value: FakeAnswer) => void;
  fakeSite((method, url) => {
    if (url === '/api/admin/session') return { body: BOX_OFFICE_SESSION };
    if (method === 'POST' && url === `/api/admin/registrations/${ID}/confirm`) {
      return new Promise<FakeAnswer>((resolve) => (answer = resolve));
    }
    return undefined;
  });
  const drop = renderCardInAList();
  await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
  drop();
  return (value) => answer(value);
}

describe('a registration card whose action takes it out of the list', () => {
  it('says the waiting entry was confirmed even when the "waiting" list drops the card first', async () => {
    const answer = await confirmThenDropTheCard();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    answer({ body: { ...waiting, waitingList: false, status: 'held', listedAs: 'confirmed' } });
    expect(await screen.findByText('Registration Confirmed!')).toBeInTheDocument();
  });

  it('says why the confirmation failed even when the card is gone', async () => {
    const answer = await confirmThenDropTheCard();
    answer({
      status: 409,
      body: { statusCode: 409, code: 'no-seat', message: 'No seat is free.' },
    });
    expect(await screen.findByText('Confirmation Failed')).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUCHAREST, fakeSite, renderWithProviders } from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import HandOnBookingPage from './hand-on-booking-page';
import MoveBookingPage from './move-booking-page';

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

function serve(purpose: 'move' | 'hand-on', answer: FakeAnswer, changed: () => FakeAnswer) {
  const posted: unknown[] = [];
  fakeSite(
    (method, url, body) => {
      if (method === 'GET' && url.startsWith(`/api/registrations/${purpose}/booking?`))
        return answer;
      if (method === 'POST' && url === `/api/registrations/${purpose}`) {
        posted.push(body);
        return changed();
      }
      return undefined;
    },
    [TWO_SLOTS],
  );
  return posted;
}

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
});

import {
  confirmWaitlist,
  deleteRegistration,
  editDream,
  setDreamCaptured,
  setPaidFlag,
} from '../../src/registrations/domain/operator-decisions';
import {
  evolve,
  type RegistrationState,
  type RegistrationStatus,
} from '../../src/registrations/domain/registration';
import type { RegistrationEvent } from '../../src/registrations/domain/registration-events';
import type { RecordedEvent } from '../../src/event-store/event-store.types';
import {
  decodeRegistrationEvent,
  registrationEventSchemaVersion,
} from '../../src/registrations/registration-event-codec';
import {
  InvalidTransitionError,
  RegistrationNotFoundError,
  SlotFullError,
} from '../../src/registrations/domain/registration-errors';

function state(
  status: RegistrationStatus,
  overrides: Partial<RegistrationState> = {},
): RegistrationState {
  return {
    id: 'r-1',
    event: 'bucharest',
    time: 'Oct 30 - 7:30pm',
    locale: 'en',
    status,
    paid: false,
    dreamedCaptured: false,
    holdExpiresAt: null,
    checkoutSessionId: null,
    stripeSessionId: null,
    paymentIntentId: null,
    clientKey: null,
    payments: [],
    pendingMove: null,
    name: 'N',
    email: 'n@example.com',
    whatsapp: '1',
    dream: 'd',
    sharedDreams: 0,
    sheetDream: null,
    sheetDreamApprovedBy: null,
    sheetDreamApprovedAt: null,
    sheetStillPersonalAccepted: false,
    sheetAnswers: [],
    checkedInAt: null,
    checkedInBy: null,
    checkedInOperator: null,
    seatNumber: null,
    noShow: false,
    ...overrides,
  };
}

const FREE = { seatLimit: 20, seatsTaken: 19 };
const NOW = new Date('2026-12-01T18:00:00.000Z');

function decideAndApply(before: RegistrationState, paid: boolean): RegistrationState {
  return setPaidFlag(before, paid, NOW, 30).reduce<RegistrationState>(
    (current, event) => evolve(current, event),
    before,
  );
}
const FULL = { seatLimit: 20, seatsTaken: 20 };

describe('operator decisions', () => {
  it('confirms only a waiting-list entry, and only onto a free seat', () => {
    expect(confirmWaitlist(state('waiting'), FREE)).toEqual([
      { type: 'WaitlistConfirmed', data: { registrationId: 'r-1' } },
    ]);
    expect(() => confirmWaitlist(state('waiting'), FULL)).toThrow(SlotFullError);
    expect(() => confirmWaitlist(state('confirmed'), FREE)).toThrow(
      'This registration is already confirmed.',
    );
    for (const status of ['held', 'paid'] as const) {
      expect(() => confirmWaitlist(state(status), FREE)).toThrow(/already has a seat/);
    }
    for (const status of ['released', 'refunded'] as const) {
      expect(() => confirmWaitlist(state(status), FREE)).toThrow(InvalidTransitionError);
      expect(() => confirmWaitlist(state(status), FREE)).toThrow(/not on the waiting list/);
    }
    expect(() => confirmWaitlist(state('deleted'), FREE)).toThrow(RegistrationNotFoundError);
    expect(() => confirmWaitlist(undefined, FREE)).toThrow(RegistrationNotFoundError);
  });

  it('records a flag or a dream only when it changes', () => {
    expect(setPaidFlag(state('held'), false, NOW, 30)).toEqual([]);
    expect(setPaidFlag(state('held'), true, NOW, 30)).toEqual([
      { type: 'PaidFlagSet', data: { registrationId: 'r-1', paid: true } },
    ]);
    expect(setDreamCaptured(state('held', { dreamedCaptured: true }), true)).toEqual([]);
    expect(setDreamCaptured(state('held'), true)).toHaveLength(1);
    expect(editDream(state('held', { dream: 'same' }), 'same')).toEqual([]);
    expect(editDream(state('held'), 'new')).toEqual([
      { type: 'DreamEdited', data: { registrationId: 'r-1', dream: 'new' } },
    ]);
  });

  it('marks a held or offered seat paid: the seat is kept as a paid seat, with no deadline', () => {
    for (const status of ['held', 'offered'] as const) {
      const held = state(status, { holdExpiresAt: '2026-12-01T18:30:00.000Z' });
      expect(decideAndApply(held, true)).toMatchObject({
        status: 'paid',
        paid: true,
        holdExpiresAt: null,
      });
    }
    expect(decideAndApply(state('confirmed'), true)).toMatchObject({
      status: 'confirmed',
      paid: true,
    });
  });

  it('un-marks an operator payment back to a hold with a fresh deadline', () => {
    const marked = decideAndApply(state('held'), true);
    expect(decideAndApply(marked, false)).toMatchObject({
      status: 'held',
      paid: false,
      holdExpiresAt: '2026-12-01T18:30:00.000Z',
    });
  });

  it('refuses to mark paid what holds no seat, and to un-mark a card payment', () => {
    expect(() => setPaidFlag(state('waiting'), true, NOW, 30)).toThrow(/confirm it first/);
    for (const status of ['cancelled', 'released', 'refunded'] as const) {
      expect(() => setPaidFlag(state(status), true, NOW, 30)).toThrow(InvalidTransitionError);
    }
    const byCard = state('paid', { paid: true, stripeSessionId: 'cs_1', paymentIntentId: 'pi_1' });
    expect(() => setPaidFlag(byCard, false, NOW, 30)).toThrow(/paid by card/);
  });

  it('deletes once: a deleted registration is not found', () => {
    expect(deleteRegistration(state('paid'))).toEqual([
      { type: 'RegistrationDeleted', data: { registrationId: 'r-1' } },
    ]);
    expect(() => deleteRegistration(state('deleted'))).toThrow(RegistrationNotFoundError);
    expect(() => setPaidFlag(state('deleted'), true, NOW, 30)).toThrow(RegistrationNotFoundError);
  });
});

describe('a paid mark recorded before it was a payment fact (PaidFlagSet schema 1)', () => {
  const recorded = (schemaVersion: number): RecordedEvent => ({
    globalPosition: 7,
    streamId: 'registration-r-1',
    streamVersion: 3,
    type: 'PaidFlagSet',
    schemaVersion,
    data: { registrationId: 'r-1', paid: true },
    metadata: { actor: 'admin' },
    recordedAt: NOW,
  });
  const read = (schemaVersion: number): RegistrationEvent =>
    decodeRegistrationEvent(recorded(schemaVersion), undefined).event;

  it('folds as it was folded when recorded: the flag only, so the hold still lapses', () => {
    const held = state('held', { holdExpiresAt: NOW.toISOString() });
    const marked = evolve(held, read(1));
    expect(marked).toMatchObject({ status: 'held', paid: true });
    const expired = evolve(marked, {
      type: 'CheckoutExpired',
      data: { registrationId: 'r-1', sessionId: null, reason: 'expired' },
    });
    expect(expired.status).toBe('released');
  });

  it('while a mark written now keeps the seat, and is written at schema 2', () => {
    const held = state('held', { holdExpiresAt: NOW.toISOString() });
    expect(evolve(held, read(2))).toMatchObject({ status: 'paid', paid: true });
    expect(registrationEventSchemaVersion('PaidFlagSet')).toBe(2);
    expect(registrationEventSchemaVersion('DreamEdited')).toBe(1);
  });
});

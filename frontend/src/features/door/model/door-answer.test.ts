import { answerFromServer, answerFromVerdict } from './door-answer';
import type { DoorAnswer } from './door-answer';

const phoneValid: DoorAnswer = { kind: 'valid', name: 'Ana', seat: 3, source: 'phone' };
const noSeat = () => undefined;

describe('the answer of a scan', () => {
  it('names the slot a ticket of another slot is for', () => {
    const claims = {
      keyId: 'k',
      registrationId: 'r',
      event: 'bucharest',
      time: 'Oct 19 - 7:00pm',
      validUntil: 0,
    };
    expect(answerFromVerdict({ kind: 'wrong-slot', claims })).toEqual({
      kind: 'wrong-slot',
      source: 'phone',
      ticketSlot: { event: 'bucharest', time: 'Oct 19 - 7:00pm' },
    });
  });

  it('takes the server’s word over the phone’s: a 409 turns a green answer red, naming the first', () => {
    const checkIn = {
      handle: 'r',
      name: 'Ana',
      checkedInAt: '2025-10-30T17:02:00.000Z',
      checkedInBy: 'Bianca Box',
      checkedInDevice: 'Door phone 2',
    };
    expect(answerFromServer(phoneValid, { kind: 'conflict', checkIn }, noSeat)).toEqual({
      kind: 'already',
      name: 'Ana',
      seat: 3,
      checkedInAt: checkIn.checkedInAt,
      checkedInBy: 'Bianca Box',
      checkedInDevice: 'Door phone 2',
      source: 'server',
    });
  });

  it('maps the server’s refusals to the door’s answers (unreadable and 404 as not a ticket)', () => {
    const refused = (reason: string) =>
      answerFromServer(phoneValid, { kind: 'refused', reason }, noSeat).kind;
    expect(
      ['wrong-slot', 'not-paid', 'cancelled', 'expired', 'forged', 'unreadable', '404'].map(
        refused,
      ),
    ).toEqual(['wrong-slot', 'not-paid', 'cancelled', 'expired', 'forged', 'unknown', 'unknown']);
  });

  it('keeps the phone’s green answer, marked queued, when the server could not be asked', () => {
    expect(answerFromServer(phoneValid, { kind: 'unsent' }, noSeat)).toEqual({
      ...phoneValid,
      queued: true,
    });
  });
});

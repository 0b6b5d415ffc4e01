import type { SheetDream, SheetSpan } from '../api/get-performers-sheet';
import { performersSheet } from '../../../test/console-fixtures';
import {
  initialDraft,
  nextOpenSuspicion,
  openSuspicions,
  printHold,
  rebaseDraft,
  type SuspicionRef,
} from './sheet-review';

function span(
  id: string,
  kind: SheetSpan['kind'],
  original: [number, number],
  anonymised: [number, number],
  answer: SheetSpan['answer'] = null,
): SheetSpan {
  return {
    id,
    kind,
    category: kind === 'replaced' ? 'author-name' : 'other-person',
    original: { offset: original[0], length: original[1] },
    anonymised: { offset: anonymised[0], length: anonymised[1] },
    replacement: kind === 'replaced' ? 'X.' : 'A.',
    answer,
  };
}

function dream(seat: number, spans: SheetSpan[], text = 'I am X. and Mario sang.'): SheetDream {
  return {
    seat,
    registrationId: `00000000-0000-4000-8000-${String(seat).padStart(12, '0')}`,
    language: 'en',
    original: 'I am Thaddeus and Mario sang.',
    anonymised: { text, spans },
    openSuspicions: spans.filter((item) => item.kind === 'suspected' && item.answer === null)
      .length,
    approvedText: null,
    approvedBy: null,
    approvedAt: null,
    stillPersonal: [],
    stillPersonalAccepted: false,
    dreamedCaptured: false,
  };
}

const sheet = (dreams: SheetDream[]) => performersSheet(dreams);

describe('the round of open suspicions', () => {
  it('goes through a 20-dream sheet dream after dream, reading each dream once', () => {
    // Each dream: a sure replacement, then two suspicions (listed out of order), one answered in
    // every third dream.
    const dreams = Array.from({ length: 20 }, (_, index) =>
      dream(index + 1, [
        span('30-35', 'suspected', [30, 5], [24, 5]),
        span('5-13', 'replaced', [5, 8], [5, 2]),
        span('18-23', 'suspected', [18, 5], [12, 5], index % 3 === 0 ? 'keep' : null),
      ]),
    );
    const whole = sheet(dreams);
    const visits: SuspicionRef[] = [];
    let at = nextOpenSuspicion(whole, null);
    while (at && visits.length < 100) {
      visits.push(at);
      at = nextOpenSuspicion(whole, at);
      if (at && at.registrationId === visits[0]!.registrationId && at.spanId === visits[0]!.spanId)
        break;
    }
    expect(visits).toEqual(openSuspicions(whole));
    expect(visits).toHaveLength(20 * 2 - 7);
    const seats = visits.map(
      (ref) => dreams.find((item) => item.registrationId === ref.registrationId)!.seat,
    );
    // Never back to a dream once left.
    expect(seats).toEqual([...seats].sort((a, b) => a - b));
    // In the order of each dream's text (the first dream's earlier one is answered already).
    expect(visits.slice(0, 3).map((ref) => ref.spanId)).toEqual(['30-35', '18-23', '30-35']);
  });

  it('comes round to the first open one, and none when all are answered', () => {
    const one = dream(1, [span('18-23', 'suspected', [18, 5], [12, 5])]);
    const two = dream(2, [span('18-23', 'suspected', [18, 5], [12, 5], 'replace')]);
    const whole = sheet([one, two]);
    const last = { registrationId: two.registrationId, spanId: '18-23' };
    expect(nextOpenSuspicion(whole, last)).toEqual({
      registrationId: one.registrationId,
      spanId: '18-23',
    });
    const first = { registrationId: one.registrationId, spanId: '18-23' };
    expect(nextOpenSuspicion(whole, first)).toBeNull();
  });
});

describe('the draft after an answer', () => {
  const before = dream(1, [
    span('5-13', 'replaced', [5, 8], [5, 2]),
    span('18-23', 'suspected', [18, 5], [12, 5]),
  ]);
  const after = dream(
    1,
    [
      span('5-13', 'replaced', [5, 8], [5, 2]),
      span('18-23', 'suspected', [18, 5], [12, 2], 'replace'),
    ],
    'I am X. and A. sang.',
  );

  it('is the new anonymised text when the operator had not edited it', () => {
    expect(rebaseDraft(initialDraft(before), before, after)).toEqual(initialDraft(after));
  });

  it('changes the answered words in the edited text, keeping the edit', () => {
    const edited = { ...initialDraft(before), text: 'Tonight I am X. and Mario sang.' };
    edited.spans = edited.spans.map((item) => ({ ...item, offset: item.offset + 8 }));
    const rebased = rebaseDraft(edited, before, after);
    expect(rebased.text).toBe('Tonight I am X. and A. sang.');
    expect(
      rebased.spans.map((item) => rebased.text.slice(item.offset, item.offset + item.length)),
    ).toEqual(['X.', 'A.']);
  });

  it('leaves words the operator wrote over', () => {
    const edited = { text: 'I am X. and a stranger sang.', spans: [] };
    expect(rebaseDraft(edited, before, after).text).toBe('I am X. and a stranger sang.');
  });
});

describe('why the print is held', () => {
  it('names the open suspicions first, then the personal texts, then the lack of an approved one', () => {
    const open = dream(1, [span('18-23', 'suspected', [18, 5], [12, 5])]);
    expect(printHold(sheet([open]))).toEqual({ reason: 'open', count: 1 });
    const personal = {
      ...dream(2, []),
      approvedText: 'Mario sang.',
      stillPersonal: ['other-person' as const],
    };
    expect(printHold(sheet([dream(1, []), personal]))).toEqual({ reason: 'personal', seats: [2] });
    expect(printHold(sheet([{ ...personal, stillPersonalAccepted: true }]))).toBeNull();
    expect(printHold(sheet([dream(1, [])]))).toEqual({ reason: 'none' });
  });
});

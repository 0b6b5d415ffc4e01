import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from 'react-intl';
import en from '../../../lang/admin/en.json';
import italian from '../../../lang/admin/it.json';
import romanian from '../../../lang/admin/ro.json';
import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import type { FeedEntry } from '../api/get-activity';
import { ACTIVITY_KINDS, activitySentence, kindLabel, kindSentence } from './activity-words';

/**
 * Every kind of fact the log holds, as the server declares it: the feed's `type` filter in the
 * OpenAPI document, generated from the lists the backend's codecs read. A new kind an operator
 * or a visitor can cause, without words in each language, fails here.
 */
const openapi = JSON.parse(
  readFileSync(join(__dirname, '../../../../../openapi/openapi.json'), 'utf8'),
) as {
  paths: Record<string, { get: { parameters: { name: string; schema: { enum?: string[] } }[] } }>;
};
const SERVER_KINDS =
  openapi.paths['/api/admin/events']!.get.parameters.find((parameter) => parameter.name === 'type')
    ?.schema.enum ?? [];

const catalogues: Record<string, Record<string, string>> = { en, it: italian, ro: romanian };

function textIn(language: string): AdminText {
  const intl = createIntl({ locale: language, messages: catalogues[language]! });
  return (key, values) => intl.formatMessage({ id: key }, values);
}

const NAMES = {
  event: (slug: string) => (slug === 'bucharest' ? 'Bucharest' : slug),
  slot: (_slug: string, time: string) => `Thu 30 Oct, ${time}`,
};

function entry(overrides: Partial<FeedEntry>): FeedEntry {
  return {
    position: 1,
    streamId: 'registration-00000000-0000-4000-8000-000000000001',
    streamVersion: 2,
    type: 'PaidFlagSet',
    recordedAt: '2026-12-05T10:00:00.000Z',
    actor: 'admin',
    operatorId: '00000000-0000-4000-8000-0000000000b0',
    actorName: 'Bea Box',
    payload: { paid: true, dream: 'A secret dream that must never show.' },
    personalDataErased: false,
    erasedFields: [],
    subjectName: 'Ana Popescu',
    event: 'bucharest',
    time: '7:30pm',
    ...overrides,
  };
}

describe('the activity in words', () => {
  it('knows every kind the server lists, and no other', () => {
    expect(SERVER_KINDS.length).toBeGreaterThan(40);
    expect([...ACTIVITY_KINDS].sort()).toEqual([...SERVER_KINDS].sort());
  });

  it.each(Object.keys(catalogues))(
    'has a name and a sentence for every kind in %s, each saying something whole',
    (language) => {
      const t = textIn(language);
      const missing = SERVER_KINDS.flatMap((kind) =>
        [kindLabel(kind as never), kindSentence(kind as never)].filter(
          (key) => !(key in catalogues[language]!),
        ),
      );
      expect(missing).toEqual([]);
      for (const kind of ACTIVITY_KINDS) {
        const sentence = activitySentence(entry({ type: kind }), t, NAMES, language);
        expect(`${kind}: ${sentence}`).not.toMatch(/[{}]|undefined|NaN/);
      }
    },
  );

  it.each([
    ['en', 'Bea Box marked Ana Popescu as paid'],
    ['it', 'Bea Box ha segnato Ana Popescu come pagato'],
    ['ro', 'Bea Box a marcat înscrierea lui Ana Popescu ca plătită'],
  ])('says who did what to whom in %s', (language, said) => {
    expect(activitySentence(entry({}), textIn(language), NAMES, language)).toBe(said);
  });

  it.each([
    ['en', 'The visitor registered Ana Popescu for Thu 30 Oct, 7:30pm (waiting list)'],
    ['it', 'Il visitatore ha registrato Ana Popescu per Thu 30 Oct, 7:30pm (lista d’attesa)'],
    ['ro', 'Vizitatorul a înscris pe Ana Popescu la Thu 30 Oct, 7:30pm (listă de așteptare)'],
  ])('names the visitor, the slot and the waiting list in %s', (language, said) => {
    const created = entry({
      type: 'RegistrationCreated',
      actor: 'visitor',
      operatorId: undefined,
      actorName: undefined,
      payload: { placement: 'waiting-list', name: 'Ana Popescu', email: 'ana@example.org' },
    });
    expect(activitySentence(created, textIn(language), NAMES, language)).toBe(said);
  });

  it('says the owner, an erased person and an operator it may not name, in words', () => {
    const t = textIn('en');
    expect(
      activitySentence(
        entry({ operatorId: 'owner', actorName: 'owner', subjectName: undefined }),
        t,
        NAMES,
        'en',
      ),
    ).toBe('The owner marked an erased registration as paid');
    expect(
      activitySentence(
        entry({
          type: 'OperatorSuspended',
          streamId: 'operator-00000000-0000-4000-8000-0000000000c0',
          operatorId: 'owner',
          subjectName: undefined,
          subjectNumber: 3,
          payload: { operatorId: '00000000-0000-4000-8000-0000000000c0' },
        }),
        t,
        NAMES,
        'en',
      ),
    ).toBe('The owner suspended operator #3');
  });

  it("never says a dream's text, an email or a phone, whatever the fact holds", () => {
    for (const language of Object.keys(catalogues)) {
      for (const kind of ACTIVITY_KINDS) {
        const sentence = activitySentence(
          entry({
            type: kind,
            payload: {
              dream: 'A secret dream',
              sheetDream: 'A secret dream',
              email: 'ana@example.org',
              whatsapp: '+40 712 345 678',
            },
          }),
          textIn(language),
          NAMES,
          language,
        );
        expect(sentence).not.toMatch(/secret dream|@example|712 345/);
      }
    }
  });
});

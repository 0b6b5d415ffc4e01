import {
  anonymiseDream,
  nameParts,
} from '../../src/day-of-show/performers-sheet/domain/anonymise-dream';
import type { Locale } from '../../src/common/locale';

/** The text with each replacement marked [kind:word], to read a case at a glance. */
function marked(dream: string, name: string, language: Locale): string {
  const { text, replacements } = anonymiseDream(dream, name, language);
  let out = '';
  let cursor = 0;
  for (const { offset, length, kind } of replacements) {
    out += text.slice(cursor, offset) + `[${kind}:${text.slice(offset, offset + length)}]`;
    cursor = offset + length;
  }
  return out + text.slice(cursor);
}

describe('the performers’ sheet anonymiser', () => {
  describe('English', () => {
    it('replaces the author’s whole name as one, and each part alone', () => {
      expect(marked('I am Mary Jane Watson and I fly.', 'Mary Jane Watson', 'en')).toBe(
        'I am [name:someone] and I fly.',
      );
      expect(marked('Watson, my father said, Mary! Come home.', 'Mary Jane Watson', 'en')).toBe(
        '[name:Someone], my father said, [name:someone]! Come home.',
      );
    });

    it('catches the possessive and any case, and not the same letters inside a word', () => {
      expect(marked("It was Mary's house, MARY shouted, in Maryland.", 'Mary Smith', 'en')).toBe(
        "It was [name:someone]'s house, [name:someone] shouted, in Maryland.",
      );
    });

    it('leaves a name that is an ordinary word alone where it is written as one', () => {
      expect(marked('Rose picked a rose and made a mark.', 'Rose Mark', 'en')).toBe(
        '[name:Someone] picked a rose and made a mark.',
      );
      // A text written all in lower case names its author in lower case too.
      expect(marked('rose picked a red flower', 'Rose Mark', 'en')).toBe(
        '[name:someone] picked a red flower',
      );
    });

    it('replaces emails, phones, web addresses and handles', () => {
      expect(
        marked(
          'Write to mary.smith@example.com, call +40 712 345 678 or (123) 456-7890, see https://mary.example.org/dreams, www.dreams.ro and mary.ro. I am @mary_s.',
          'Mary Smith',
          'en',
        ),
      ).toBe(
        'Write to [email:an email address], call [phone:a phone number] or [phone:a phone number], see [web:a website], [web:a website] and [web:a website]. I am [handle:an account].',
      );
    });

    it('leaves dates, times, years and short numbers alone', () => {
      const dream = 'On 12.03.2024 at 7:30 in 1999 I had 20 cameras and 3 cats.';
      expect(anonymiseDream(dream, 'Mary Smith', 'en')).toEqual({ text: dream, replacements: [] });
    });

    it('leaves a text with no personal detail unchanged', () => {
      const dream = 'I was flying over a dark sea, holding a camera that took no pictures.';
      expect(anonymiseDream(dream, 'Mary Smith', 'en')).toEqual({ text: dream, replacements: [] });
    });

    it('answers offsets into the anonymised text', () => {
      const { text, replacements } = anonymiseDream('Smith wrote to a@b.co', 'Mary Smith', 'en');
      expect(text).toBe('Someone wrote to an email address');
      expect(replacements).toEqual([
        { offset: 0, length: 7, kind: 'name' },
        { offset: 17, length: 16, kind: 'email' },
      ]);
    });
  });

  describe('Romanian', () => {
    it('catches the name without its diacritics and in its cases', () => {
      expect(
        marked(
          'Eu, Ștefan Popescu, am visat casa Popescului. Stefane, mi-a spus mama, STEFAN!',
          'Ștefan Popescu',
          'ro',
        ),
      ).toBe(
        'Eu, [name:cineva], am visat casa [name:cineva]. [name:Cineva], mi-a spus mama, [name:cineva]!',
      );
    });

    it('catches feminine genitive and vocative forms, and hyphenated names', () => {
      expect(
        marked('Era ziua Mariei. Mario, vino! Maria-Ioana râdea.', 'Maria-Ioana Ionescu', 'ro'),
      ).toBe('Era ziua [name:cineva]. [name:Cineva], vino! [name:Cineva] râdea.');
    });

    it('leaves a name that is an ordinary word alone in lower case', () => {
      expect(
        marked('Am simțit speranța și o floare. Speranța m-a strigat.', 'Speranța Dumitru', 'ro'),
      ).toBe('Am simțit speranța și o floare. [name:Cineva] m-a strigat.');
    });

    it('replaces contact details with Romanian words', () => {
      expect(marked('Sunați la 0712 345 678 sau scrieți pe ana@exemplu.ro.', 'Ana Pop', 'ro')).toBe(
        'Sunați la [phone:un număr de telefon] sau scrieți pe [email:o adresă de email].',
      );
    });

    it('does not take a word that only starts like the name', () => {
      const dream = 'Anul trecut am visat un anotimp fără nume.';
      expect(anonymiseDream(dream, 'Ana Pop', 'ro').text).toBe(dream);
    });
  });

  describe('Italian', () => {
    it('catches the name, its diminutives and accents', () => {
      expect(
        marked(
          'Sognavo Paolino e Niccolò Rossi. Niccolo? No: NICCOLÒ.',
          'Niccolò Paolo Rossi',
          'it',
        ),
      ).toBe('Sognavo [name:qualcuno] e [name:qualcuno]. [name:Qualcuno]? No: [name:qualcuno].');
    });

    it('leaves rosa and viola as colours, and names Rosa and Viola', () => {
      expect(
        marked('Un cielo rosa e viola. Rosa rideva, Rosetta anche, con Viola.', 'Rosa Viola', 'it'),
      ).toBe(
        'Un cielo rosa e viola. [name:Qualcuno] rideva, [name:qualcuno] anche, con [name:qualcuno].',
      );
    });

    it('replaces contact details with Italian words', () => {
      expect(
        marked(
          'Chiamami al +39 123 456 7890, instagram @rosa.viola, sito rosaviola.it',
          'Rosa Viola',
          'it',
        ),
      ).toBe(
        'Chiamami al [phone:un numero di telefono], instagram [handle:un account], sito [web:un sito web]',
      );
    });

    it('leaves a text with no personal detail unchanged', () => {
      const dream = 'Camminavo in una stanza buia, e le fotografie si sviluppavano da sole.';
      expect(anonymiseDream(dream, 'Giulia Bianchi', 'it')).toEqual({
        text: dream,
        replacements: [],
      });
    });
  });

  describe('the name’s parts', () => {
    it('takes capitalised words of two letters or more; lower-case particles are not the name', () => {
      expect(nameParts('Maria de la Cruz')).toEqual(['maria', 'cruz']);
      expect(nameParts('jo li')).toEqual(['jo', 'li']);
      expect(nameParts('J. Ștefan-Ion')).toEqual(['stefan', 'ion']);
    });
  });
});

import {
  anonymiseDream,
  personalCategories,
  type Author,
} from '../../src/day-of-show/performers-sheet/domain/anonymise-dream';
import { nameParts } from '../../src/day-of-show/performers-sheet/domain/find-author';
import type { Locale } from '../../src/common/locale';

function author(name: string, email = 'someone@example.org', phone = '+40 700 000 000'): Author {
  return { name, email, phone };
}

/**
 * The anonymised text with each span marked: [category:replacement] where replaced,
 * {category:words} where suspected (the words stay until the reviewer answers).
 */
function marked(dream: string, who: Author, language: Locale): string {
  const { text, spans } = anonymiseDream(dream, who, language);
  let out = '';
  let cursor = 0;
  for (const span of spans) {
    const { offset, length } = span.anonymised;
    const words = text.slice(offset, offset + length);
    out +=
      text.slice(cursor, offset) +
      (span.kind === 'replaced' ? `[${span.category}:${words}]` : `{${span.category}:${words}}`);
    cursor = offset + length;
  }
  return out + text.slice(cursor);
}

describe('the performers’ sheet anonymiser', () => {
  describe('English', () => {
    it('replaces the author’s name whole and in parts, any case, with an initial', () => {
      expect(
        marked(
          'I am Mary Jane Watson. WATSON, my father said, Mary!',
          author('Mary Jane Watson'),
          'en',
        ),
      ).toBe(
        // An initial ends the sentence with its own full stop.
        'I am [author-name:X]. [author-name:X.], my father said, [author-name:X.]!',
      );
    });

    it('knows the author by their nicknames, from the maintained list', () => {
      expect(marked('Tommy, they called, and then Tom.', author('Thomas Whitfield'), 'en')).toBe(
        '[author-name:X.], they called, and then [author-name:X].',
      );
    });

    it('finds spelled-out emails and phones written in words, the author’s own named so', () => {
      expect(
        marked(
          'Write to vicky dot lane at gmail dot com or call oh seven seven double two, one two three four five six.',
          author('Victoria Lane', 'vicky.lane@gmail.com', '07722 123456'),
          'en',
        ),
      ).toBe('Write to [author-email:an email address] or call [author-phone:a phone number].');
    });

    it('finds a handle given without @ after a network’s name', () => {
      expect(
        marked('Find me on my TikTok, noahsleepsalot, every night.', author('Noah Green'), 'en'),
      ).toBe('Find me on my TikTok, [author-handle:an account], every night.');
    });

    it('flags other people after titles and relations, and first names from the name lists', () => {
      expect(
        marked(
          'My sister Claire Dobbs met Mr Hargreaves and Priya at the fair.',
          author('Ann Lee'),
          'en',
        ),
      ).toBe(
        'My sister {other-person:Claire Dobbs} met Mr {other-person:Hargreaves} and {other-person:Priya} at the fair.',
      );
    });

    it('leaves stations, arks, idioms and sentence starts that are ordinary words', () => {
      const dream = "I waited at Victoria Station. Will I ever learn? Dawn broke over Noah's Ark.";
      expect(marked(dream, author('Victoria Will Dawn Noah'), 'en')).toBe(
        "I waited at Victoria Station. {author-name:Will} I ever learn? {author-name:Dawn} broke over Noah's Ark.",
      );
    });

    it('only suspects a name that is also a word after a capitalised word: a title’s', () => {
      expect(
        marked(
          'Amazing Grace played. They sang Amazing Grace, and Grace cried.',
          author('Grace Adeyemi'),
          'en',
        ),
      ).toBe(
        // At a sentence's start a capital says nothing: suspected; inside one, a title: kept.
        'Amazing {author-name:Grace} played. They sang Amazing Grace, and [author-name:X.] cried.',
      );
    });

    it('replaces an address with its number and a plate; flags a workplace', () => {
      expect(
        marked(
          'I live at 42 Acacia Avenue, I work at Halcyon Insurance and drive LT12 XYZ.',
          author('Ann Lee'),
          'en',
        ),
      ).toBe(
        'I live at [address:a street], I work at {workplace:Halcyon Insurance} and drive [plate:a number plate].',
      );
    });

    it('leaves dates, times, years and short numbers alone', () => {
      const dream = 'On 12.03.2024 at 7:30 in 1999 I had 20 cameras and 3 cats.';
      expect(anonymiseDream(dream, author('Mary Smith'), 'en')).toEqual({
        original: dream,
        text: dream,
        spans: [],
        openSuspicions: 0,
      });
    });

    it('answers offsets into the original and the anonymised text, and counts open suspicions', () => {
      const result = anonymiseDream('Whitfield met Priya.', author('Mary Whitfield'), 'en');
      expect(result.text).toBe('X. met Priya.');
      expect(result.openSuspicions).toBe(1);
      expect(result.spans).toEqual([
        {
          id: '0-9',
          kind: 'replaced',
          category: 'author-name',
          original: { offset: 0, length: 9 },
          anonymised: { offset: 0, length: 2 },
          replacement: 'X.',
          answer: null,
        },
        {
          id: '14-19',
          kind: 'suspected',
          category: 'other-person',
          original: { offset: 14, length: 5 },
          anonymised: { offset: 7, length: 5 },
          replacement: 'A.',
          answer: null,
        },
      ]);
    });

    it('applies the reviewer’s answers, only to the words they were about', () => {
      const dream = 'Priya and Dobbs laughed.';
      const answers = [
        { spanId: '0-5', text: 'Priya', answer: 'replace' as const },
        { spanId: '10-15', text: 'Other', answer: 'replace' as const },
      ];
      const result = anonymiseDream(dream, author('Ann Lee'), 'en', answers);
      expect(result.text).toBe('A. and Dobbs laughed.');
      expect(result.openSuspicions).toBe(1);
      expect(result.spans.map((span) => span.answer)).toEqual(['replace', null]);
    });
  });

  describe('Italian', () => {
    it('catches compound names joined, diminutives and nicknames, and elided articles', () => {
      expect(
        marked(
          "La casa di Mariagrazia, dell'Andrea e di Peppe; Paolino rideva.",
          author('Maria Grazia Andrea Giuseppe Paolo'),
          'it',
        ),
      ).toBe(
        "La casa di [author-name:X.], dell'[author-name:X.] e di [author-name:X.]; {author-name:Paolino} rideva.",
      );
    });

    it('keeps the grammar: bare words after an articled preposition', () => {
      expect(
        marked(
          'Chiamami al 333 1234567, scrivimi a rosa.viola@libero.it.',
          author('Rosa Viola'),
          'it',
        ),
      ).toBe('Chiamami al [phone:numero di telefono], scrivimi a [email:un indirizzo email].');
    });

    it('finds an email spelled with punto and chiocciola', () => {
      expect(
        marked(
          'Scrivetemi a mariagrazia punto russo chiocciola libero punto it.',
          author('Maria Grazia Russo', 'mariagrazia.russo@libero.it'),
          'it',
        ),
      ).toBe('Scrivetemi a [author-email:un indirizzo email].');
    });

    it('leaves saints and the Ave Maria, flags a namesake with another surname', () => {
      expect(
        marked(
          "Cantavano l'Ave Maria per San Giorgio, e Maria Esposito ascoltava.",
          author('Maria Giorgio'),
          'it',
        ),
      ).toBe(
        // The prayer is only flagged (the dictionary does not know Ave), never replaced.
        "Cantavano l'{other-person:Ave Maria} per San Giorgio, e {other-person:Maria Esposito} ascoltava.",
      );
    });

    it('in a text written all in lower case, a name that is a word is only suspected', () => {
      expect(marked('cielo rosa sopra il mare', author('Rosa Bianchi'), 'it')).toBe(
        'cielo {author-name:rosa} sopra il mare',
      );
    });

    it('replaces an address with its number and flags a workplace', () => {
      expect(
        marked(
          'Abitavo in via Garibaldi 14 e lavoro da Autogrill Nord.',
          author('Anna Neri'),
          'it',
        ),
      ).toBe('Abitavo in [address:una via] e lavoro da {workplace:Autogrill Nord}.');
    });
  });

  describe('Romanian', () => {
    it('catches the name without its diacritics, in its cases and by its diminutives', () => {
      expect(
        marked(
          'Casa Biancăi era goală. Stefane, mi-a spus mama, Fănel! Lenuța râdea.',
          author('Bianca Elena Ștefan'),
          'ro',
        ),
      ).toBe(
        'Casa [author-name:X.] era goală. [author-name:X.], mi-a spus mama, [author-name:X.]! [author-name:X.] râdea.',
      );
    });

    it('catches a name in capitals and split compounds', () => {
      expect(marked('ANAMARIA visa. Ana ofta.', author('Ana-Maria Pop'), 'ro')).toBe(
        // ana is also a word: at a sentence's start, only suspected.
        '[author-name:X.] visa. {author-name:Ana} ofta.',
      );
    });

    it('finds a phone in words and an email with punct and arond', () => {
      expect(
        marked(
          'Sunați-mă la zero șapte doi doi, unu doi trei, patru cinci șase sau la adi punct toma arond gmail punct com.',
          author('Adriana Toma', 'adi.toma@gmail.com', '0722 123 456'),
          'ro',
        ),
      ).toBe(
        'Sunați-mă la [author-phone:un număr de telefon] sau la [author-email:o adresă de email].',
      );
    });

    it('leaves Sfântul Andrei and Gara de Nord; flags doamna Ionescu and the brother', () => {
      expect(
        marked(
          'De Sfântul Andrei, la Gara de Nord, doamna Ionescu și fratele meu Mihai așteptau.',
          author('Andrei Pop'),
          'ro',
        ),
      ).toBe(
        'De Sfântul Andrei, la Gara de Nord, doamna {other-person:Ionescu} și fratele meu {other-person:Mihai} așteptau.',
      );
    });

    it('replaces a full address and a plate', () => {
      expect(
        marked(
          'Stau pe strada Florilor nr. 12, bl. A3, ap. 7 și am mașina B 123 XYZ.',
          author('Ana Pop'),
          'ro',
        ),
      ).toBe('Stau pe [address:o stradă] și am mașina [plate:un număr de înmatriculare].');
    });

    it('does not take a word that only starts like the name', () => {
      const dream = 'Anul trecut am visat un anotimp fără nume.';
      expect(anonymiseDream(dream, author('Ana Pop'), 'ro').text).toBe(dream);
    });
  });

  describe('the name’s parts', () => {
    it('takes capitalised words of two letters or more; lower-case particles are not the name', () => {
      expect(nameParts('Maria de la Cruz')).toEqual(['maria', 'cruz', 'mariacruz']);
      expect(nameParts('J. Ștefan-Ion')).toEqual(['stefan', 'ion', 'stefanion']);
    });
  });

  describe('the still-personal warning', () => {
    it('names what would still be replaced in an approved text, not what was only suspected', () => {
      expect(
        personalCategories(
          'Brightwater wrote to orsolya.bright@example.org with Priya.',
          author('Orsolya Brightwater'),
          'it',
        ),
      ).toEqual(['author-name', 'email']);
    });
  });
});

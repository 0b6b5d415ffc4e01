import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from 'react-intl';
import { DREAM_BOUNDS } from '../lib/dream-bounds';
import { itHoldsTheCatalogueRules, sourceFiles } from '../test/catalogues';
import en from './en.json';
import italian from './it.json';
import romanian from './ro.json';
import bookingLinks from './booking-links/en.json';

const catalogues: Record<string, Record<string, string>> = { en, it: italian, ro: romanian };
const english = createIntl({ locale: 'en', messages: en });

describe('message catalogues', () => {
  itHoldsTheCatalogueRules(
    catalogues,
    /^(site\.|common\.pageTitle|hero\.meta|language\.switchTo|share\.network|city\.matera|form\.dream\.counter|footer\.copyright|form\.email\.label|confirmation\.field\.email|polaroid\.title|form\.whatsapp\.placeholder|toast\.|city\.|nav\.menu)/,
  );

  it('has every literal message id the source uses', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /\b(?:id|\w+Id)[=:]\s*['"]([a-zA-Z]+\.[a-zA-Z0-9.]+)['"]/g,
      )) {
        used.add(match[1]!);
      }
      for (const match of text.matchAll(
        /['"]((?:form|slot|confirmation|shareDream)\.[a-zA-Z0-9.]+)['"]/g,
      )) {
        used.add(match[1]!);
      }
    }
    // admin.* ids are the console catalogue's (lang/admin), the booking links' pages' theirs
    // (lang/booking-links), each held by its own test.
    const missing = [...used].filter(
      (id) => !id.startsWith('admin.') && !(id in bookingLinks) && !(id in en),
    );
    expect(missing).toEqual([]);
  });

  it('has the ids built at run time', () => {
    const dynamic = [
      ...['en', 'it', 'ro'].map((language) => `language.switchTo.${language}`),
      ...['facebook', 'x', 'whatsapp', 'linkedin'].flatMap((network) => [
        `share.on.${network}`,
        `share.network.${network}`,
      ]),
      ...['bucharest', 'matera', 'napoli', 'milano'].map((slug) => `city.${slug}`),
      ...['dreams', 'polaroid'].flatMap((page) => [
        `${page}.title`,
        `${page}.coming`,
        `${page}.loading`,
      ]),
      ...['q1', 'q2', 'q3', 'q4', 'q5'].flatMap((q) => [`faq.${q}.question`, `faq.${q}.answer`]),
      ...[
        'howItWorks.step1',
        'howItWorks.step2',
        'experience.dreams',
        'experience.cameras',
        'explore.dreams',
        'explore.polaroid',
      ].flatMap((card) => [`${card}.title`, `${card}.body`]),
      ...['duration', 'capacity', 'equipment', 'warning', 'accessibility', 'language'].flatMap(
        (detail) => [`about.details.${detail}.label`, `about.details.${detail}.value`],
      ),
    ];
    expect(dynamic.filter((id) => !(id in en))).toEqual([]);
  });

  it('keeps SPEC texts exact in English', () => {
    expect(en['form.error.name']).toBe('Name is required');
    expect(en['form.error.email']).toBe('Please enter a valid email address');
    expect(en['form.error.whatsapp']).toBe('Phone number is required');
    expect(en['form.error.event']).toBe('Only Bucharest event is available');
    expect(en['form.error.time']).toBe('Please select a time slot');
    // The dream's bound is the server's, given to the text as `{min}`; the text as shown is SPEC's.
    expect(english.formatMessage({ id: 'form.error.dream' }, DREAM_BOUNDS)).toBe(
      'Please share your dream with at least 100 characters - it will be part of the performance',
    );
    expect(english.formatMessage({ id: 'form.error.dreamLong' }, DREAM_BOUNDS)).toBe(
      'Your dream must be at most 5000 characters',
    );
    // The price is the stop's, given to the text as `{price}`; for Bucharest's 35 RON the text is SPEC's.
    expect(english.formatMessage({ id: 'howItWorks.step1.body' }, { price: '35 RON' })).toBe(
      'Choose the time slot, leave your details and write a dream of at least 100 characters. Then pay 35 RON by card, or join the waiting list if the slot is full.',
    );
    expect(en['notFound.title']).toBe('Page Not Found');
    expect(en['confirmation.notFound.title']).toBe('Registration Not Found');
    expect(en['share.copied']).toBe('Link copied to clipboard!');
    expect(en['share.copyFailed']).toBe('Failed to copy link. Please try again.');
  });

  // The home page's copy names the dream's minimum as written text (an argument would carry the
  // bounds' module and a compiled message into the home route's budget); it is held to the
  // server's bound here, in each language.
  it.each(Object.keys(catalogues))(
    "%s: the home page's how-it-works names the server's minimum for a dream",
    (language) => {
      expect(catalogues[language]!['howItWorks.step1.body']).toMatch(
        new RegExp(`\\b${DREAM_BOUNDS.min}\\b`),
      );
    },
  );

  it("names each city as the tour's data does in each language (the emails and payment page use it)", () => {
    const tour = JSON.parse(
      readFileSync(join(__dirname, '../../../backend/src/tour/tour.json'), 'utf8'),
    ) as {
      events: { slug: string; city: string; localised?: Record<string, { city?: string }> }[];
    };
    for (const event of tour.events) {
      for (const language of Object.keys(catalogues)) {
        expect(`${language} ${event.slug}: ${catalogues[language]![`city.${event.slug}`]}`).toBe(
          `${language} ${event.slug}: ${event.localised?.[language]?.city ?? event.city}`,
        );
      }
    }
  });
});

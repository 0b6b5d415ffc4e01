// The performers' sheet's review (/admin/sheet), in each language: the dreams as written beside
// the texts for the performers, the anonymiser's suspicions answered in place from the keyboard
// one after the other across dreams, and the print held until every one is answered.
/* global window, document -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { logIn } from './command-center.e2e.mjs';
import { pdfText, registerPaid, sheetPath } from './performers-sheet.e2e.mjs';
import { axeViolations, eventually, pageInLanguage, slotOfItsOwn, visible } from './support.mjs';

const catalogue = (language) =>
  JSON.parse(readFileSync(new URL(`../src/lang/admin/${language}.json`, import.meta.url), 'utf8'));

/** A message of the Command Center's catalogue with its simple arguments filled in. */
function say(messages, key, values = {}) {
  const message = messages[key];
  assert.ok(message, `no message ${key}`);
  return message.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

/**
 * Per language, two seated people: the first dream names its author and two other people, the
 * second another person after a title. The anonymiser replaces the authors' names and suspects
 * the others.
 */
const SHEETS = {
  en: {
    days: 91,
    authors: [
      {
        name: 'Thaddeus Merriweather',
        email: 'thaddeus.review@example.org',
        whatsapp: '+40 722 987 111',
        dream:
          'I am Thaddeus and I dreamt that my neighbour Cornelius Blackwood painted the moon green while Ophelia Hargreave sang from the balcony of the old theatre near the river at midnight.',
      },
      {
        name: 'Rosalind Featherstone',
        email: 'rosalind.review@example.org',
        whatsapp: '+40 722 987 222',
        dream:
          'Rosalind here: in my dream the baker, Mr Percival Ashdown, handed me a loaf of bread that glowed like a lantern and asked me to carry it across the frozen lake.',
      },
    ],
    others: ['Cornelius Blackwood', 'Ophelia Hargreave', 'Percival Ashdown'],
    authorWords: ['Thaddeus', 'Rosalind'],
  },
  it: {
    days: 92,
    authors: [
      {
        name: 'Orsolya Brightwater',
        email: 'orsolya.review@example.org',
        whatsapp: '+39 333 444 1111',
        dream:
          'Ho sognato che Orsolya volava sopra il mare e il mio vicino Gualtiero Ambrosetti la chiamava dal porto, mentre la signora Eufemia Zanardelli rideva sotto la pioggia di stelle cadenti.',
      },
      {
        name: 'Benedetta Carracci',
        email: 'benedetta.review@example.org',
        whatsapp: '+39 333 444 2222',
        dream:
          'Nel mio sogno il fornaio, il signor Ermenegildo Baccarini, mi porgeva un pane che brillava come una lanterna e mi chiedeva di portarlo oltre il lago ghiacciato.',
      },
    ],
    others: ['Gualtiero Ambrosetti', 'Eufemia Zanardelli', 'Ermenegildo Baccarini'],
    authorWords: ['Orsolya'],
  },
  ro: {
    days: 93,
    authors: [
      {
        name: 'Zenobia Quillfeather',
        email: 'zenobia.review@example.org',
        whatsapp: '+40 799 111 333',
        dream:
          'Eu, Zenobia, visam că vecinul meu Gheorghe Vasilescu zbura peste oraș, iar doamna Florica Dumitrescu cânta la pian în mijlocul pieței pustii, sub o ploaie de stele.',
      },
      {
        name: 'Ileana Stratulat',
        email: 'ileana.review@example.org',
        whatsapp: '+40 799 111 444',
        dream:
          'În visul meu brutarul, domnul Pompiliu Zăvoianu, îmi dădea o pâine care strălucea ca un felinar și îmi cerea să o duc peste lacul înghețat până dimineața.',
      },
    ],
    others: ['Gheorghe Vasilescu', 'Florica Dumitrescu', 'Pompiliu Zăvoianu'],
    authorWords: ['Zenobia'],
  },
};

/** The focused element: its text, and the seat of the dream it belongs to. */
const focused = (page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element.tagName !== 'BUTTON') return { text: '', seat: null };
    const dream = element?.closest('[data-testid^="sheet-dream-"]');
    return {
      text: element?.textContent ?? '',
      seat: dream ? Number(dream.getAttribute('data-testid').replace('sheet-dream-', '')) : null,
    };
  });

function reviewScenario(language) {
  const { days, authors, others, authorWords } = SHEETS[language];
  return {
    name: `Sheet review (${language}): as written beside the text for the performers, suspicions answered from the keyboard across dreams, print held until answered`,
    async run({ page, browser, baseURL, axePath, adminPassword }) {
      const t = catalogue(language);
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days, at: [16, 0] });
      for (const author of authors) {
        await registerPaid(page, baseURL, { ...author, locale: language }, slot.time);
      }

      const { context, page: sheet } = await pageInLanguage(browser, language, {
        bypassCSP: true,
        baseURL,
        viewport: { width: 1280, height: 900 },
      });
      try {
        await sheet.goto(sheetPath(slot.time));
        await sheet.locator('input[name="password"]').fill(adminPassword);
        await sheet.locator('form:has(input[name="password"]) button[type="submit"]').click();
        await visible(
          sheet.getByRole('heading', { name: say(t, 'admin.sheet.dream', { seat: 2 }) }),
        );

        // Side by side: the dream as written on the left, the text for the performers beside it.
        const original = sheet.getByTestId('sheet-original-1');
        const preview = sheet.getByTestId('sheet-preview-1');
        await visible(sheet.getByRole('heading', { name: say(t, 'admin.sheet.original') }));
        await visible(sheet.getByRole('heading', { name: say(t, 'admin.sheet.anonymised') }));
        const left = await original.boundingBox();
        const right = await preview.boundingBox();
        assert.ok(
          left.x + left.width <= right.x,
          `not side by side: ${JSON.stringify([left, right])}`,
        );
        assert.ok(Math.abs(left.y - right.y) < 4, 'the two texts start on one line');
        const originalText = await original.innerText();
        const previewText = await preview.innerText();
        for (const words of [...authorWords.slice(0, 1), ...others.slice(0, 2)]) {
          assert.ok(originalText.includes(words), `the original lacks ${words}`);
        }
        assert.equal(previewText.includes(authorWords[0]), false, 'the author is replaced');
        assert.ok(previewText.includes('X.'));

        // Sure and suspected marked apart: by colour, by shape, and in words.
        const open = preview.locator('mark.sheet-mark--open');
        const sure = preview.locator('mark.sheet-mark--replaced');
        assert.equal(await open.count(), 2);
        assert.ok((await sure.count()) >= 1);
        const style = (locator) =>
          locator.first().evaluate((element) => {
            const css = window.getComputedStyle(element);
            return `${css.borderTopStyle} ${css.backgroundColor}`;
          });
        const [openStyle, sureStyle] = [await style(open), await style(sure)];
        assert.match(openStyle, /^dashed /);
        assert.match(sureStyle, /^solid /);
        assert.notEqual(
          openStyle.split(' ').slice(1).join(' '),
          sureStyle.split(' ').slice(1).join(' '),
        );
        const openLabel = say(t, 'admin.sheet.mark.open', {
          category: say(t, 'admin.sheet.category.other-person'),
        });
        assert.ok((await open.first().textContent()).includes(`(${openLabel})`));

        // Nothing in the review's marks, counts and answers that WCAG 2.1 A/AA refuses.
        await sheet.waitForFunction((lang) => document.documentElement.lang === lang, language);
        assert.deepEqual(await axeViolations(sheet, axePath), []);

        // The counts, per dream and for the sheet; approval and print held, saying why.
        assert.match(await sheet.getByTestId('sheet-review-state-1').innerText(), /2/);
        assert.match(await sheet.getByTestId('sheet-review-state-2').innerText(), /1/);
        assert.match(await sheet.getByTestId('sheet-open-count').innerText(), /3/);
        const approve = sheet.getByRole('button', { name: say(t, 'admin.sheet.approve') });
        const print = sheet.getByRole('button', { name: say(t, 'admin.sheet.print') });
        assert.equal(await approve.isDisabled(), true);
        assert.equal(await print.isDisabled(), true);
        const why = await sheet.getByTestId('sheet-print-state').innerText();
        assert.match(why, /3/);
        assert.equal(
          await print.evaluate(
            (button) =>
              document.getElementById(button.getAttribute('aria-describedby'))?.textContent,
          ),
          why,
        );
        // The server holds the print too, and the approval.
        const held = await sheet.request.get(
          `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(slot.time)}/dreams/print`,
        );
        assert.equal(held.status(), 409);
        assert.equal((await held.json()).reason, 'open-suspicions');

        // From the keyboard: to the first open suspicion, then each answer leads to the next, in
        // the order of the sheet, so no dream is read twice.
        await sheet.getByRole('button', { name: say(t, 'admin.sheet.next') }).focus();
        await sheet.keyboard.press('Enter');
        const visits = [];
        await eventually(async () => assert.ok((await focused(sheet)).text.includes(others[0])));
        visits.push((await focused(sheet)).seat);
        await sheet.keyboard.press('Enter'); // replace the first
        await eventually(async () => assert.ok((await focused(sheet)).text.includes(others[1])));
        visits.push((await focused(sheet)).seat);
        assert.match(await sheet.getByTestId('sheet-open-count').innerText(), /2/);
        await sheet.keyboard.press('Tab'); // to "keep"
        assert.ok(
          (await focused(sheet)).text.startsWith(
            say(t, 'admin.sheet.suspicion.keep', { words: others[1] }),
          ),
        );
        await sheet.keyboard.press('Enter'); // keep the second
        await eventually(async () => assert.ok((await focused(sheet)).text.includes(others[2])));
        visits.push((await focused(sheet)).seat);
        // Dream 1 is done once both its suspicions are answered.
        assert.match(await sheet.getByTestId('sheet-review-state-1').innerText(), /✓/);
        assert.match(await sheet.getByTestId('sheet-print-state').innerText(), /1/);
        assert.equal(await print.isDisabled(), true);
        await sheet.keyboard.press('Enter'); // replace the third
        await eventually(async () =>
          assert.equal((await focused(sheet)).text, say(t, 'admin.sheet.approve')),
        );
        assert.deepEqual(visits, [1, 1, 2]);
        assert.equal(
          await sheet.getByTestId('sheet-open-count').innerText(),
          t['admin.sheet.sheetOpen'].match(/=0 \{([^}]*)\}/)[1],
        );
        const answered = await sheet.getByTestId('sheet-preview-1').innerText();
        assert.equal(answered.includes(others[0]), false, `${others[0]} is replaced`);
        assert.ok(answered.includes(others[1]), `${others[1]} is kept`);

        // An edit before approving: its marks follow the approved text, after a reload too.
        const second = sheet.getByLabel(say(t, 'admin.sheet.textLabel', { seat: 2 }));
        const text = await second.inputValue();
        await second.fill(`${text} ♪`);
        await approve.click();
        await visible(sheet.getByText(say(t, 'admin.sheet.toast.approved.title'), { exact: true }));
        await visible(sheet.getByText(say(t, 'admin.sheet.printReady'), { exact: true }));
        assert.equal(await print.isDisabled(), false);
        await sheet.reload();
        await visible(
          sheet.getByTestId('sheet-preview-2').locator('mark.sheet-mark--answered-replace'),
        );
        assert.ok((await sheet.getByTestId('sheet-preview-2').innerText()).includes('♪'));

        // Printed on A4: the texts as approved, nothing personal, none of the review.
        await visible(sheet.getByText(say(t, 'admin.sheet.printReady'), { exact: true }));
        const { text: paper } = await pdfText(
          await sheet.pdf({ format: 'A4', printBackground: true }),
        );
        const flat = paper.replace(/\s+/g, ' ');
        assert.ok(flat.includes(others[1]), 'the kept name is printed');
        for (const absent of [
          ...authorWords,
          others[0],
          others[2],
          say(t, 'admin.sheet.original'),
          say(t, 'admin.sheet.next'),
          say(t, 'admin.sheet.approve'),
        ]) {
          assert.equal(flat.includes(absent), false, `the PDF shows "${absent}"`);
        }

        // On a phone the two texts are stacked, the original first.
        await sheet.setViewportSize({ width: 390, height: 844 });
        const top = await sheet.getByTestId('sheet-original-1').boundingBox();
        const below = await sheet.getByTestId('sheet-preview-1').boundingBox();
        assert.ok(top.y + top.height <= below.y, 'stacked on a phone');
      } finally {
        await context.close();
      }
    },
  };
}

export const sheetReviewScenarios = ['en', 'it', 'ro'].map(reviewScenario);

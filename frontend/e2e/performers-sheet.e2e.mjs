// The performers' sheet (/admin/sheet): each scenario registers in a slot of its own, marks the
// seats paid, reviews and approves the sheet in the console, and prints it with Chromium.
/* global document -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { logIn } from './command-center.e2e.mjs';
import {
  adminCall,
  axeViolations,
  eventually,
  pageInLanguage,
  slotOfItsOwn,
  visible,
} from './support.mjs';

/** People whose dreams name them, with their email and phone, in each of the three languages. */
const AUTHORS = [
  {
    name: 'Zenobia Quillfeather',
    email: 'zenobia.quill@example.org',
    whatsapp: '+40 799 111 321',
    locale: 'ro',
    dream:
      'Eu, Zenobia Quillfeather, visam casa Zenobiei pe întuneric; scrieți-mi la zenobia.quill@example.org sau sunați la 0799 111 321, și mă găsiți pe @zenobia_q.',
  },
  {
    name: 'Orsolya Brightwater',
    email: 'orsolya.bright@example.org',
    whatsapp: '+39 333 444 5555',
    locale: 'it',
    dream:
      'Ho sognato che Orsolya camminava al buio e una voce chiamava BRIGHTWATER; scrivetemi a orsolya.bright@example.org o chiamate il +39 333 444 5555.',
  },
  {
    name: 'Thaddeus Merriweather',
    email: 'thaddeus.merri@example.org',
    whatsapp: '+40 722 987 654',
    locale: 'en',
    dream:
      "I am Thaddeus Merriweather and I dreamt of Thaddeus's own camera flashing in the dark; call me at +40 722 987 654 or see https://merriweather.example.org.",
  },
];

/** What must not reach paper: every name and its parts, every email, every phone in any spacing. */
function secretsOf(author) {
  const digits = author.whatsapp.replace(/\D/g, '');
  return [
    ...author.name.split(' '),
    author.email,
    author.email.split('@')[0],
    author.whatsapp,
    digits,
    digits.slice(-9),
  ];
}

export async function registerPaid(page, baseURL, author, time) {
  const response = await fetch(`${baseURL}/api/create-checkout-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...author, event: 'bucharest', time, dreamedCaptured: false }),
  });
  assert.equal(response.ok, true, `registration answered ${response.status}`);
  const { registrationId } = await response.json();
  const paid = await adminCall(
    page,
    baseURL,
    'PATCH',
    `/api/admin/registrations/${registrationId}/paid`,
    {
      paid: true,
    },
  );
  assert.equal(paid.status(), 200, await paid.text());
  return registrationId;
}

/** Every word of the PDF, page after page, as pdf.js reads it. */
export async function pdfText(bytes) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: pages.join('\n') };
}

export const sheetPath = (time) =>
  `/admin/sheet?${new URLSearchParams({ event: 'bucharest', time }).toString()}`;

export const performersSheetScenarios = [
  {
    name: "Performers' sheet: dreams naming their authors, reviewed, approved, printed to PDF with nothing personal",
    async run({ page, baseURL, adminPassword }) {
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days: 83, at: [14, 0] });
      const ids = [];
      for (const author of AUTHORS) ids.push(await registerPaid(page, baseURL, author, slot.time));

      // From the Tour page's slot row.
      await page.goto('/admin/tour');
      await page.getByRole('link', { name: `Performers’ sheet for ${slot.time}` }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Performers’ sheet' }));
      await visible(page.getByRole('heading', { name: 'Dream 3' }));

      // Every replacement highlighted, and no personal detail in the texts for the performers
      // (the original stands beside them, for the reviewer alone).
      const marks = page.locator('.sheet-dream__preview mark');
      assert.ok((await marks.count()) >= 11, `highlights: ${await marks.count()}`);
      const screenText = (await page.locator('.sheet-dream__preview').allInnerTexts()).join('\n');
      for (const secret of AUTHORS.flatMap(secretsOf)) {
        assert.equal(screenText.includes(secret), false, `the console shows ${secret}`);
      }

      // The operator changes one neutral word; the highlight follows it.
      const first = page.getByLabel('Text to approve for dream 1');
      const anonymised = await first.inputValue();
      assert.match(anonymised, /^Eu, X\., visam casa X\./);
      await first.fill(anonymised.replace('Eu, X.,', 'Eu, o visătoare,'));
      await visible(
        page.getByTestId('sheet-preview-1').locator('mark', { hasText: 'o visătoare' }),
      );

      await page.getByRole('button', { name: 'Approve the sheet' }).click();
      await visible(page.getByText('Sheet approved', { exact: true }));
      await visible(page.getByText('3 of 3 dreams approved; only approved dreams are printed.'));

      // Approving marked each dream captured, as the console's toggle does.
      await eventually(async () => {
        const list = await (await page.request.get('/api/registrations')).json();
        for (const id of ids) {
          assert.equal(list.find((row) => row.id === id)?.dreamedCaptured, true);
        }
      });

      // Printed by Chromium on A4, with the print stylesheet, once the server lets the paper out.
      await visible(page.getByText('Ready to print.', { exact: true }));
      const bytes = await page.pdf({ format: 'A4', printBackground: true });
      const { text, pages } = await pdfText(bytes);
      assert.ok(pages >= 1);
      for (const expected of [
        'Dream 1',
        'Dream 2',
        'Dream 3',
        slot.time,
        'o visătoare',
        'un indirizzo email',
        'a website',
      ]) {
        assert.ok(text.replace(/\s+/g, ' ').includes(expected), `the PDF lacks "${expected}"`);
      }
      for (const absent of ['Approve the sheet', 'Command Center', 'Text to approve']) {
        assert.equal(text.includes(absent), false, `the PDF shows the console's "${absent}"`);
      }
      const squeezed = text.replace(/\s+/g, '');
      const found = AUTHORS.flatMap(secretsOf).filter(
        (secret) =>
          text.toLowerCase().includes(secret.toLowerCase()) ||
          squeezed.toLowerCase().includes(secret.replace(/\s+/g, '').toLowerCase()),
      );
      assert.deepEqual(found, [], 'no name, email or phone in the printed sheet');
    },
  },
  {
    name: "Performers' sheet: axe finds no WCAG 2.1 A/AA violation on the sheet page in three languages",
    async run({ page, browser, baseURL, axePath, adminPassword }) {
      await logIn(page, adminPassword);
      const slot = await slotOfItsOwn(page, baseURL, { days: 84, at: [15, 0] });
      await registerPaid(page, baseURL, AUTHORS[2], slot.time);
      const problems = [];
      for (const language of ['en', 'it', 'ro']) {
        const { context, page: sheet } = await pageInLanguage(browser, language, {
          bypassCSP: true,
          baseURL,
          viewport: { width: 1280, height: 900 },
        });
        await sheet.goto(sheetPath(slot.time));
        await sheet.locator('input[name="password"]').fill(adminPassword);
        await sheet.locator('form:has(input[name="password"]) button[type="submit"]').click();
        await visible(sheet.locator('.sheet-dream mark'));
        await sheet.waitForFunction((lang) => document.documentElement.lang === lang, language);
        for (const violation of await axeViolations(sheet, axePath)) {
          problems.push(`${language} ${violation}`);
        }
        await context.close();
      }
      assert.deepEqual(problems, []);
    },
  },
];

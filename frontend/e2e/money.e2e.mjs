// Each stop's price in its own currency, as every page and email writes it: an operator prices
// the open stop in euros, and the home page, the registration form and the confirmation email
// say so in each language, with the reader's digits.
import assert from 'node:assert/strict';
import { logIn } from './command-center.e2e.mjs';
import { readOpenSlot } from './open-slot.mjs';
import {
  adminCall,
  eventually,
  mailTexts,
  pageInLanguage,
  uniqueEmail,
  visible,
} from './support.mjs';

/** 30.50 EUR as each language writes it (a no-break space before the code). */
const PRICE = { en: '30.50\u00a0EUR', it: '30,50\u00a0EUR', ro: '30,50\u00a0EUR' };

/** Pays a sandbox payment page as its form posts, without a browser. */
async function payInSandbox(checkoutUrl) {
  const response = await fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
  });
  assert.equal(response.status, 303, `the sandbox answered ${response.status}`);
}

export const moneyScenarios = [
  {
    name: "Money: the stop's price in its currency on the home page, the form and the confirmation email, in en, it and ro",
    async run({ browser, startOwnServer, adminPassword }) {
      // The confirmation email leaves through the outbox: a server of the scenario's own, its
      // workers on, whose open stop the operator may price as they like.
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-money.log');
      const { time } = await readOpenSlot(own.baseURL);
      const admin = await pageInLanguage(browser, 'en', { baseURL: own.baseURL });
      try {
        await logIn(admin.page, adminPassword);
        const priced = await adminCall(
          admin.page,
          own.baseURL,
          'PATCH',
          '/api/admin/tour/events/bucharest',
          { priceMinor: 3050, currency: 'EUR' },
        );
        assert.equal(priced.status(), 200, await priced.text());
      } finally {
        await admin.context.close();
      }

      for (const language of ['en', 'it', 'ro']) {
        const price = PRICE[language];
        const { context, page: visitor } = await pageInLanguage(browser, language, {
          baseURL: own.baseURL,
        });
        try {
          await visitor.goto('/?register=true');
          // The hero, the how-it-works text and the form's price: the stop's, never 35 RON.
          await visible(visitor.locator('.hero__meta', { hasText: price }));
          await visible(visitor.locator('.steps', { hasText: price }));
          await visible(visitor.locator('.payment__price', { hasText: price }));
          assert.equal(await visitor.getByText(/35\sRON/).count(), 0);
        } finally {
          await context.close();
        }

        const response = await fetch(`${own.baseURL}/api/create-checkout-session`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: `Money ${language}`,
            email: uniqueEmail(`money-${language}`),
            whatsapp: '+40 712 345 678',
            event: 'bucharest',
            time,
            dream:
              'I dreamed of a market where every coin rang a different bell, and the bells together played the song my father hummed while cooking on Sundays.',
            dreamedCaptured: false,
            locale: language,
          }),
        });
        assert.equal(response.status, 200, `registration answered ${response.status}`);
        const { registrationId, url } = await response.json();
        await payInSandbox(url);
        await eventually(async () => {
          // Quoted-printable bytes read one by one: the no-break space arrives as Â and itself.
          const mail = (await mailTexts(own.dataDir, registrationId)).replace(
            /\u00c2?\u00a0/g,
            ' ',
          );
          const written = price.replace('\u00a0', ' ');
          assert.ok(mail.includes(written), `no ${written} in the ${language} confirmation yet`);
          assert.ok(!/35\sRON/.test(mail), `the ${language} confirmation names 35 RON`);
        }, 30_000);
      }
    },
  },
];

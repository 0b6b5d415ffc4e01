// The show's reminder in the browser, on a server of the scenario's own with its workers on: a
// seat paid for a slot starting within REMINDER_HOURS_BEFORE gets its reminder by itself, once;
// its HTML part and the confirmation's fit a 360 px phone; its cancel link opens the page in the
// email's language.
/* global document -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DREAM, eventually, slotOfItsOwn, uniqueEmail, visible } from './support.mjs';

/** The .eml files sent to a registration: each one's subject and decoded HTML part. */
async function mails(dataDir, registrationId) {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [])).filter(
    (name) => name.includes(registrationId) && name.endsWith('.eml'),
  );
  const found = [];
  for (const name of names) {
    const eml = await readFile(join(dir, name), 'utf8');
    const subject = /^Subject: (.*)$/m.exec(eml)?.[1] ?? '';
    let html = '';
    let text = '';
    for (const part of eml.split(/\r?\n--/)) {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      const decoded = /Content-Transfer-Encoding: base64/i.test(head)
        ? Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64').toString('utf8')
        : body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
      if (/Content-Type: text\/html/i.test(head)) html = decoded;
      else if (/Content-Type: text\/plain/i.test(head)) text = decoded;
    }
    found.push({ subject, html, text });
  }
  return found;
}

export const reminderScenarios = [
  {
    name: "Reminders: a seat paid within REMINDER_HOURS_BEFORE gets its reminder once, readable on a phone, its links in the email's language",
    async run({ browser, startOwnServer, adminPassword }) {
      // Changes close an hour before the slot: the reminder, due at once, still offers them.
      const own = await startOwnServer(
        { WORKERS: 'true', CANCELLATION_CLOSES_HOURS_BEFORE: '1' },
        'server-reminders.log',
      );
      const context = await browser.newContext({
        baseURL: own.baseURL,
        viewport: { width: 360, height: 740 },
      });
      try {
        // The owner adds a slot starting in three hours.
        const page = await context.newPage();
        await page.goto('/admin');
        const owner = page.locator('.admin-gate form:has(input[name="password"])');
        await owner.locator('input[name="password"]').fill(adminPassword);
        await owner.locator('button[type="submit"]').click();
        await page.locator('.admin-gate').waitFor({ state: 'detached' });
        const { time } = await slotOfItsOwn(page, own.baseURL, { hours: 3 });

        const registered = await fetch(`${own.baseURL}/api/create-checkout-session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Rita Reminded',
            email: uniqueEmail('rita'),
            whatsapp: '+40 712 345 678',
            event: 'bucharest',
            time,
            dream: DREAM,
            dreamedCaptured: false,
            locale: 'it',
          }),
        });
        assert.equal(registered.status, 200);
        const { registrationId, url } = await registered.json();
        const paid = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/34',
            cvc: '123',
          }).toString(),
        });
        assert.equal(paid.status, 303);

        // The confirmation and the reminder leave by themselves; the reminder once.
        const sent = await eventually(async () => {
          const all = await mails(own.dataDir, registrationId);
          const confirmation = all.filter((mail) => /confermato/.test(mail.subject));
          const reminders = all.filter((mail) => /A presto nel buio/.test(mail.subject));
          assert.equal(confirmation.length, 1, 'the confirmation is sent');
          assert.equal(reminders.length, 1, 'the reminder is sent');
          return { confirmation: confirmation[0], reminder: reminders[0] };
        }, 30_000);

        // Both HTML parts as a 360 px phone shows them: nothing wider than the screen.
        const phone = await context.newPage();
        for (const mail of [sent.confirmation, sent.reminder]) {
          await phone.setContent(mail.html);
          const width = await phone.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(width <= 360, `"${mail.subject}" is ${width} px wide on a 360 px phone`);
        }
        // The cancel link is a link, and the page it opens speaks the email's Italian.
        const cancel = await phone.locator('a[href*="/cancel?token="]').getAttribute('href');
        assert.match(cancel, /&lang=it$/);
        await phone.goto(cancel);
        await eventually(async () =>
          assert.equal(await phone.evaluate(() => document.documentElement.lang), 'it'),
        );
        await visible(phone.getByText('Rita Reminded'));
      } finally {
        await context.close();
        await own.stop();
      }
    },
  },
];

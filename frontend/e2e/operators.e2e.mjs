// Operators as named people, in the browser against the real server (with its outbox on, so the
// invitations leave as emails): the owner invites; the operator joins from the emailed link
// with a passkey made by Chromium's virtual authenticator, signs out and back in by that passkey,
// and the registration history names them; a door operator joins with an authenticator app
// (its codes computed here, RFC 6238), signs in by code and by a recovery code, checks someone in,
// is refused the registrations, the export and a refund, and sees no phone on any page; the
// owner ends that operator's session and their browser is signed out at its next request; axe
// on the new pages in three languages at 360 px. The owner sees each operator's passkeys by name,
// removes one and resets a second factor; the operator comes back with the passphrase alone and
// sets a factor up again; each change is emailed.
/* global document -- the callbacks of page.evaluate run in the browser */
import assert from 'node:assert/strict';
import { register } from './command-center.e2e.mjs';
import { checkedInByServer, paidVisitor, row } from './door.e2e.mjs';
import {
  adminCall,
  axeViolations,
  eventually,
  mailTexts,
  pageInLanguage,
  slotOfItsOwn,
  visible,
} from './support.mjs';
import { totpCode } from './totp.mjs';
import { addVirtualAuthenticator } from './virtual-authenticator.mjs';

let seq = 0;
const unique = (tag) => `${tag} ${Date.now().toString(36)}${(seq += 1)}`;
const emailOf = (name) => `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`;
const PASSPHRASE = 'lanterns over the quiet harbour';
/** The phone every registration of these tests gives (command-center.e2e.mjs's register). */
const PHONE_DIGITS = /\+?40[\s-]?712[\s-]?345[\s-]?678|712\s?345\s?678/;

/** Signs the owner in by the admin password (the gate's owner form) on `path`. */
export async function ownerSignsIn(page, adminPassword, path = '/admin/operators') {
  await page.goto(path);
  const owner = page.locator('.admin-gate form:has(input[name="password"])');
  await owner.locator('input[name="password"]').fill(adminPassword);
  await owner.locator('button[type="submit"]').click();
  await visible(page.locator('.console-nav'));
}

/** Invites `name` as `role` from the Operators page; answers the operator's id. */
export async function invite(page, baseURL, name, role) {
  await page.goto('/admin/operators');
  const form = page.getByRole('region', { name: 'Invite an operator' });
  await form.getByLabel('Their email').fill(emailOf(name));
  await form.getByLabel('Their name').fill(name);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await visible(page.getByRole('article', { name }).getByText('INVITED'));
  const answer = await adminCall(page, baseURL, 'GET', '/api/admin/operators');
  assert.equal(answer.status(), 200, await answer.text());
  const invited = (await answer.json()).operators.find(
    (operator) => operator.email === emailOf(name),
  );
  assert.ok(invited, `${name} is not among the operators`);
  return invited.id;
}

/** The path of the join link in the invitation emailed to the operator, once it has left. */
export function joinLink(dataDir, operatorId) {
  return eventually(async () => {
    const found = (await mailTexts(dataDir, operatorId)).match(
      /\/admin\/join\?token=[A-Za-z0-9_%.~-]+/,
    );
    assert.ok(found, 'no invitation email yet');
    return found[0].replace(/\.+$/, '');
  }, 30_000);
}

/** Joins from the link with the passphrase: the second factor's step is on screen after. */
export async function joinAs(page, link, name) {
  await page.goto(link);
  await visible(page.getByText(emailOf(name)));
  await page.getByLabel('Your name', { exact: true }).fill(name);
  await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await visible(page.getByRole('heading', { name: '2. Your second factor' }));
}

/** Asks the server with the page's session (its browser context's cookie), as the console does. */
async function fromPage(page, method, path, body) {
  const answer = await adminCall(page, new URL(page.url()).origin, method, path, body);
  return { status: answer.status(), text: await answer.text() };
}

async function sidewaysScroll(page) {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The card of a registration on the dashboard, found by the search. */
async function findCard(page, name) {
  await page.getByLabel('Search by name, email or phone').fill(name);
  const card = page.getByRole('article', { name, exact: true });
  await visible(card);
  return card;
}

export const operatorScenarios = [
  {
    name: 'Operators: invited by email, joined with a passkey (virtual authenticator), signed out and back in by the passkey; the history names them',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-operators-passkey.log');
      const ownerContext = await browser.newContext({ baseURL: own.baseURL });
      const operatorContext = await browser.newContext({ baseURL: own.baseURL });
      try {
        const owner = await ownerContext.newPage();
        await ownerSignsIn(owner, adminPassword);
        const name = unique('Olga Operator');
        const operatorId = await invite(owner, own.baseURL, name, 'Box office');
        const link = await joinLink(own.dataDir, operatorId);

        const page = await operatorContext.newPage();
        const device = await addVirtualAuthenticator(page);
        await joinAs(page, link, name);
        await page.getByLabel(/Name of this passkey/).fill('Test laptop');
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        // Box office lands on the registrations.
        await visible(page.getByRole('heading', { level: 1, name: 'Command Center' }));
        await visible(page.getByText(`Signed in as ${name} (Box office)`));
        const held = await device.credentials();
        assert.equal(held.length, 1, 'one passkey on the device');
        assert.equal(held[0].isResidentCredential, true, 'a discoverable passkey');
        const signCount = held[0].signCount;

        await page.getByRole('button', { name: 'Logout' }).first().click();
        await visible(page.getByRole('button', { name: 'Sign in with a passkey' }));
        await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
        await visible(page.getByText(`Signed in as ${name} (Box office)`));
        assert.ok((await device.credentials())[0].signCount > signCount, 'the passkey was used');

        // My account lists the passkey, used.
        await page.getByRole('link', { name: 'My account' }).click();
        await visible(page.getByText('Test laptop'));

        // The operator marks a registration paid; its history names them.
        const visitor = unique('Olga Visitor');
        const { registrationId } = await register(own.baseURL, visitor);
        const paid = await fromPage(
          page,
          'PATCH',
          `/api/admin/registrations/${registrationId}/paid`,
          { paid: true },
        );
        assert.equal(paid.status, 200, paid.text);
        await owner.goto('/admin');
        const card = await findCard(owner, visitor);
        await card.getByRole('button', { name: 'History' }).click();
        const drawer = owner.locator('.history-drawer');
        await visible(drawer.getByText(`by ${name}`));

        // The owner sees the operator active, with the passkey and the open session.
        await owner.goto('/admin/operators');
        const operatorCard = owner.getByRole('article', { name });
        await visible(operatorCard.getByText('ACTIVE'));
        await visible(operatorCard.getByText('1 passkey'));
        await visible(operatorCard.getByText(/^1 open session/));
      } finally {
        await operatorContext.close();
        await ownerContext.close();
        await own.stop();
      }
    },
  },
  {
    name: 'Operators: a door operator joins with an authenticator app, signs in by code and by recovery code, checks someone in, is refused the rest, sees no phone, and is signed out when the owner ends the session',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-operators-door.log');
      const ownerContext = await browser.newContext({ baseURL: own.baseURL });
      const doorContext = await browser.newContext({
        baseURL: own.baseURL,
        viewport: { width: 360, height: 740 },
      });
      try {
        const owner = await ownerContext.newPage();
        await ownerSignsIn(owner, adminPassword);
        const { time } = await slotOfItsOwn(owner, own.baseURL, { hours: 2 });
        const visitor = unique('Door Guest');
        const visitorId = await paidVisitor(owner, own.baseURL, time, visitor);
        const name = unique('Dora Door');
        const operatorId = await invite(owner, own.baseURL, name, 'Door');
        const link = await joinLink(own.dataDir, operatorId);

        const page = await doorContext.newPage();
        await joinAs(page, link, name);
        const app = page.getByRole('group', { name: 'An authenticator app' });
        await app.getByRole('button', { name: 'Use an authenticator app' }).click();
        await visible(page.getByRole('img', { name: 'QR code for your authenticator app' }));
        const secret = (await page.locator('.totp-secret').innerText()).trim();
        const confirmedAt = Date.now();
        await page.getByLabel('The 6-digit code the app shows').fill(totpCode(secret, confirmedAt));
        await page.getByRole('button', { name: 'Confirm' }).click();
        const codes = page.getByRole('region', { name: 'Your recovery codes' });
        await visible(codes);
        const recoveryCodes = (await codes.locator('li').allInnerTexts()).map((code) =>
          code.trim(),
        );
        assert.equal(recoveryCodes.length, 10);
        assert.equal(new Set(recoveryCodes).size, 10);
        await codes.getByRole('button', { name: 'I have kept them' }).click();
        // The door role lands on the door page.
        await page.waitForURL(/\/admin\/door$/);
        await visible(page.locator('.door-page'));

        // Signed out, then in again by a code of the step after the one that confirmed the app
        // (the server takes a step either side of its own, for a phone's clock that drifts), so
        // that the test need not wait up to 30 seconds for the clock to reach it.
        await page.getByRole('button', { name: 'Logout' }).click();
        const operatorForm = page.getByRole('form', { name: 'Sign in as an operator' });
        await visible(operatorForm);
        await operatorForm.getByLabel('Email').fill(emailOf(name));
        await operatorForm.getByLabel('Passphrase').fill(PASSPHRASE);
        await operatorForm
          .getByLabel('Code')
          .fill(totpCode(secret, Math.max(Date.now(), confirmedAt + 30_000)));
        await operatorForm.getByRole('button', { name: 'Sign in' }).click();
        await visible(page.locator('.door-page'));

        // A recovery code signs in once.
        await page.getByRole('button', { name: 'Logout' }).click();
        await operatorForm.getByLabel('Email').fill(emailOf(name));
        await operatorForm.getByLabel('Passphrase').fill(PASSPHRASE);
        await operatorForm.getByLabel('Code').fill(recoveryCodes[0]);
        await operatorForm.getByRole('button', { name: 'Sign in' }).click();
        await visible(page.locator('.door-page'));

        // The door: the guest checked in.
        await page.locator('.door-page select').selectOption(`bucharest\n${time}`);
        await row(page, visitor)
          .getByRole('button', { name: `Check in ${visitor}` })
          .click();
        await visible(row(page, visitor).getByText(checkedInByServer));

        // The rest is refused in the API's shape.
        for (const [method, path, body] of [
          ['GET', '/api/admin/registrations?limit=10'],
          ['GET', '/api/admin/registrations/export'],
          ['POST', `/api/admin/registrations/${visitorId}/cancel`, { refund: true }],
          ['GET', '/api/admin/operators'],
        ]) {
          const answer = await fromPage(page, method, path, body);
          assert.equal(answer.status, 403, `${method} ${path}: ${answer.text}`);
          assert.deepEqual(JSON.parse(answer.text), {
            statusCode: 403,
            code: 'role-refused',
            message: 'Your role does not allow this.',
            errors: [],
          });
        }
        // The door list carries names only.
        const list = await fromPage(
          page,
          'GET',
          `/api/admin/tour/events/bucharest/slots/${encodeURIComponent(time)}/door`,
        );
        assert.equal(list.status, 200, list.text);
        assert.doesNotMatch(list.text, /"(email|whatsapp|phone|dream)"/);
        assert.doesNotMatch(list.text, PHONE_DIGITS);

        // No phone on any page the role can open; the others say the role does not allow them.
        const nav = page.getByRole('navigation', { name: 'Command Center pages' });
        assert.deepEqual(await nav.getByRole('link').allInnerTexts(), ['Door', 'My account']);
        for (const path of ['/admin/door', '/admin/account', '/admin']) {
          await page.goto(path);
          await visible(page.locator('.door-page, .account-page'));
          await visible(page.getByText(name).first());
          assert.doesNotMatch(await page.locator('body').innerText(), PHONE_DIGITS, path);
        }
        for (const path of ['/admin/tour', '/admin/operators', '/admin/sheet']) {
          await page.goto(path);
          await visible(page.getByText('Your role does not allow this.'));
          assert.doesNotMatch(await page.locator('body').innerText(), PHONE_DIGITS, path);
        }

        // The owner ends the door operator's session; their next request finds it over.
        await owner.goto('/admin/operators');
        const doraCard = owner.getByRole('article', { name });
        await visible(doraCard.getByText(/^1 open session/));
        await doraCard.getByRole('button', { name: /^End session of / }).click();
        const dialog = owner.getByRole('alertdialog', { name: 'End this session?' });
        await dialog.getByRole('button', { name: 'End session' }).click();
        await visible(doraCard.getByText('Not signed in anywhere.'));

        const after = await fromPage(page, 'GET', '/api/admin/account');
        assert.equal(after.status, 401, after.text);
        await page.getByRole('link', { name: 'Door' }).click();
        await visible(page.getByRole('form', { name: 'Sign in as an operator' }));

        // The check-in in the registration's history names the door operator.
        await owner.goto('/admin');
        const card = await findCard(owner, visitor);
        await card.getByRole('button', { name: 'History' }).click();
        await visible(owner.locator('.history-drawer').getByText(`by ${name}`));
      } finally {
        await doorContext.close();
        await ownerContext.close();
        await own.stop();
      }
    },
  },
  {
    name: 'Operators: the owner sees an operator’s passkey by name and removes it, then resets the second factor; the operator, signed out, comes back with the passphrase alone and must set up a factor first; each change emailed',
    async run({ browser, startOwnServer, adminPassword }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-operators-keys.log');
      const ownerContext = await browser.newContext({ baseURL: own.baseURL });
      const operatorContext = await browser.newContext({ baseURL: own.baseURL });
      try {
        const owner = await ownerContext.newPage();
        await ownerSignsIn(owner, adminPassword);
        const name = unique('Petra Keys');
        const operatorId = await invite(owner, own.baseURL, name, 'Box office');
        const link = await joinLink(own.dataDir, operatorId);

        // The operator joins with an authenticator app, then adds a passkey from My account
        // (the join proved who they are minutes ago: no step-up asked yet).
        const page = await operatorContext.newPage();
        await addVirtualAuthenticator(page);
        await joinAs(page, link, name);
        const app = page.getByRole('group', { name: 'An authenticator app' });
        await app.getByRole('button', { name: 'Use an authenticator app' }).click();
        const secret = (await page.locator('.totp-secret').innerText()).trim();
        await page.getByLabel('The 6-digit code the app shows').fill(totpCode(secret));
        await page.getByRole('button', { name: 'Confirm' }).click();
        const codes = page.getByRole('region', { name: 'Your recovery codes' });
        await codes.getByRole('button', { name: 'I have kept them' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Command Center' }));
        await page.getByRole('link', { name: 'My account' }).click();
        await page.getByLabel(/Name of this passkey/).fill('Planted key');
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        const passkeys = page.getByRole('region', { name: 'Passkeys' });
        await visible(passkeys.getByText('Planted key'));
        // Named again by its operator.
        await passkeys.getByRole('button', { name: 'Rename Planted key' }).click();
        await passkeys.getByLabel('Name of the passkey').fill('Unknown device');
        await passkeys.getByRole('button', { name: 'Save' }).click();
        await visible(passkeys.getByText('Unknown device'));

        // The owner sees it by name with the app and the codes, and removes it after asking.
        await owner.goto('/admin/operators');
        const factors = owner
          .getByRole('article', { name })
          .getByRole('region', { name: `Sign-in of ${name}` });
        await visible(factors.getByText('Unknown device'));
        await visible(factors.getByText('10 recovery codes left'));
        await factors
          .getByRole('button', { name: `Remove passkey Unknown device of ${name}` })
          .click();
        const removeDialog = owner.getByRole('alertdialog', {
          name: `Remove the passkey “Unknown device” of ${name}?`,
        });
        await removeDialog.getByRole('button', { name: 'Remove' }).click();
        await eventually(async () =>
          assert.equal(await factors.getByText('Unknown device').count(), 0),
        );

        // Then resets the second factor: the operator's browser is signed out at its next request.
        await owner
          .getByRole('article', { name })
          .getByRole('button', { name: 'Reset second factor' })
          .click();
        const resetDialog = owner.getByRole('alertdialog', {
          name: `Reset the second factor of ${name}?`,
        });
        await resetDialog.getByRole('button', { name: 'Reset second factor' }).click();
        await visible(factors.getByText('none yet'));
        await page.reload();
        const operatorForm = page.getByRole('form', { name: 'Sign in as an operator' });
        await visible(operatorForm);

        // The passphrase alone opens only the set-up of a new factor.
        await operatorForm.getByLabel('Email').fill(emailOf(name));
        await operatorForm.getByLabel('Passphrase').fill(PASSPHRASE);
        await operatorForm.getByRole('button', { name: 'Sign in' }).click();
        await visible(page.getByRole('heading', { name: 'Add a second factor' }));
        const refused = await fromPage(page, 'GET', '/api/admin/registrations');
        assert.equal(refused.status, 403, refused.text);
        const again = page.getByRole('group', { name: 'An authenticator app' });
        await again.getByRole('button', { name: 'Use an authenticator app' }).click();
        const newSecret = (await page.locator('.totp-secret').innerText()).trim();
        assert.notEqual(newSecret, secret);
        await page.getByLabel('The 6-digit code the app shows').fill(totpCode(newSecret));
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page
          .getByRole('region', { name: 'Your recovery codes' })
          .getByRole('button', { name: 'I have kept them' })
          .click();
        // Back on the page it was on (My account), the console open again.
        await visible(page.getByRole('heading', { level: 1, name: 'My account' }));
        const open = await fromPage(page, 'GET', '/api/admin/registrations');
        assert.equal(open.status, 200, open.text);

        // Each change reached the operator by email: their own, and the owner's two.
        await eventually(async () => {
          const mails = await mailTexts(own.dataDir, operatorId);
          assert.match(mails, /A passkey named "Planted key" was added/);
          assert.match(mails, /The passkey named "Unknown device" was removed/);
          assert.match(mails, /Your passkeys, authenticator app and recovery codes were removed/);
          assert.match(mails, /the owner of the site/);
        }, 30_000);
      } finally {
        await operatorContext.close();
        await ownerContext.close();
        await own.stop();
      }
    },
  },
  {
    name: 'Operators: axe finds nothing on the sign-in, the join page, the second factor, Operators and My account in en, it and ro, and 360 px needs no sideways scroll',
    async run({ browser, startOwnServer, adminPassword, axePath }) {
      const own = await startOwnServer({ WORKERS: 'true' }, 'server-operators-axe.log');
      const ownerContext = await browser.newContext({ baseURL: own.baseURL });
      try {
        const owner = await ownerContext.newPage();
        await ownerSignsIn(owner, adminPassword);
        for (const [language, joinTitle, operatorsTitle] of [
          ['en', 'Join the Command Center', 'Operators'],
          ['it', 'Entra nel Command Center', 'Operatori'],
          ['ro', 'Alătură-te Command Center', 'Operatori'],
        ]) {
          const name = unique(`Axe ${language}`);
          const operatorId = await invite(owner, own.baseURL, name, 'Box office');
          const link = await joinLink(own.dataDir, operatorId);
          // axe is added to the page as a script, which the site's policy would refuse.
          const { context, page } = await pageInLanguage(browser, language, {
            baseURL: own.baseURL,
            viewport: { width: 360, height: 740 },
            bypassCSP: true,
          });
          try {
            const check = async (what) => {
              assert.deepEqual(await axeViolations(page, axePath), [], `${language}: ${what}`);
              assert.equal(await sidewaysScroll(page), 0, `${language}: ${what} scrolls sideways`);
            };
            await page.goto('/admin');
            await visible(page.locator('.admin-gate'));
            await check('the sign-in');

            await page.goto(link);
            await visible(page.getByRole('heading', { level: 1, name: joinTitle }));
            await visible(page.getByText(emailOf(name)));
            await check('the join page');
            await page.locator('.join-form input[type="password"]').fill(PASSPHRASE);
            await page.locator('.join-form button[type="submit"]').click();
            await visible(page.locator('.second-factor'));
            await page.locator('.second-factor [role="group"] button').click();
            await visible(page.locator('svg.qr-code'));
            await check('the second factor');

            // The joined operator's session waits for its second factor: out, and the owner in.
            await page.goto('/admin');
            await visible(page.locator('.second-factor-page'));
            await page.locator('.second-factor-page header button').click();
            const ownerForm = page.locator('.admin-gate form:has(input[name="password"])');
            await ownerForm.locator('input[name="password"]').fill(adminPassword);
            await ownerForm.locator('button[type="submit"]').click();
            await visible(page.locator('.console-nav'));
            await page.goto('/admin/operators');
            await visible(page.getByRole('heading', { level: 1, name: operatorsTitle }));
            await visible(page.locator('.operator-card').first());
            await check('the Operators page');
            await page.goto('/admin/account');
            await visible(page.locator('.account-page .admin-panel'));
            await check('My account');
          } finally {
            await context.close();
          }
        }
      } finally {
        await ownerContext.close();
        await own.stop();
      }
    },
  },
];

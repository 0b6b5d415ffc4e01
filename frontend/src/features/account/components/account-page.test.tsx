import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOX_OFFICE_SESSION, fakeFetch, renderWithProviders } from '../../../test/render';
import type { Account } from '../../../lib/admin-session/operator-types';
import CommandCenterPage from '../../../app/command-center/command-center-page';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

function accountServer() {
  const account: Account = {
    id: '00000000-0000-4000-8000-0000000000b0',
    number: 3,
    name: 'Bea Box',
    email: 'bea@example.com',
    role: 'box-office',
    passkeys: [
      {
        id: 'pk-1',
        name: 'Work laptop',
        createdAt: '2025-09-01T09:00:00.000Z',
        lastUsedAt: null,
      },
    ],
    totp: true,
    recoveryCodesLeft: 7,
    provedUntil: '2999-01-01T00:00:00.000Z',
  };
  const calls = fakeFetch((method, url, body) => {
    if (url === '/api/admin/session') return { body: BOX_OFFICE_SESSION };
    if (url === '/api/admin/account') return { body: account };
    if (url === '/api/admin/account/passkeys/options') {
      return {
        body: {
          challengeId: 'challenge-2',
          options: {
            challenge: 'Y2hhbGxlbmdl',
            rp: { name: 'Command Center', id: 'localhost' },
            user: { id: 'b3BlcmF0b3ItMw', name: 'bea@example.com', displayName: 'Bea Box' },
            pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
            excludeCredentials: [{ id: 'cGstMQ', type: 'public-key' }],
          },
        },
      };
    }
    if (url === '/api/admin/account/step-up') {
      const { passphrase } = body as { passphrase?: string };
      if (passphrase !== 'seven ravens over the quiet harbour') {
        return {
          status: 400,
          body: {
            statusCode: 400,
            message: 'That is not right. Try again.',
            errors: [{ field: 'passphrase', message: 'That is not right. Try again.' }],
          },
        };
      }
      account.provedUntil = '2999-01-01T00:00:00.000Z';
      return { body: { provedUntil: account.provedUntil } };
    }
    if (url === '/api/admin/account/passkeys/pk-1' && method === 'DELETE') {
      account.passkeys = account.passkeys.filter((passkey) => passkey.id !== 'pk-1');
      return { status: 204 };
    }
    if (url === '/api/admin/account/passkeys') {
      const { name } = body as { name: string };
      account.passkeys.push({
        id: 'pk-2',
        name,
        createdAt: '2025-10-01T09:00:00.000Z',
        lastUsedAt: null,
      });
      return { status: 201, body: { id: 'pk-2', name, createdAt: '2025-10-01T09:00:00.000Z' } };
    }
    return { status: 404, body: { statusCode: 404, message: `No route ${method} ${url}` } };
  });
  return { account, calls };
}

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  jest.restoreAllMocks();
});

describe('My account', () => {
  it('asks for the passphrase before changing a factor when the session has not proved itself lately, then removes a passkey', async () => {
    const user = userEvent.setup();
    const { account, calls } = accountServer();
    account.provedUntil = null;
    renderWithProviders(<CommandCenterPage section="account" />, {
      route: '/admin/account',
      path: '/admin/account',
    });
    const passkeys = await screen.findByRole('region', { name: 'Passkeys' });
    // Until then, no way to add a passkey or move the app.
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move to a new authenticator app' })).toBeNull();
    // One form, above; the sections say to use it.
    const form = screen.getByRole('form', { name: 'Confirm it is you' });
    expect(screen.getAllByText('Confirm it is you first (above).')).toHaveLength(2);
    await user.type(within(form).getByLabelText('Your passphrase'), 'not my passphrase');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('That is not right.');
    await user.clear(within(form).getByLabelText('Your passphrase'));
    await user.type(
      within(form).getByLabelText('Your passphrase'),
      'seven ravens over the quiet harbour',
    );
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm it is you' })).toBeNull();
    expect(
      calls.filter((call) => call.url === '/api/admin/account/step-up').map((call) => call.body),
    ).toEqual([
      { passphrase: 'not my passphrase' },
      { passphrase: 'seven ravens over the quiet harbour' },
    ]);
    await user.click(within(passkeys).getByRole('button', { name: 'Remove Work laptop' }));
    expect(await within(passkeys).findByText('No passkey yet.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('lists the passkeys, the app and the recovery codes left, and adds a passkey made on this device', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window, 'PublicKeyCredential', {
      configurable: true,
      value: function PublicKeyCredential() {},
    });
    const create = jest.fn(async () => ({
      id: 'new-passkey',
      rawId: bytes('new-passkey'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        attestationObject: bytes('attestation'),
        clientDataJSON: bytes('{"type":"webauthn.create"}'),
        getTransports: () => ['internal'],
      },
      getClientExtensionResults: () => ({}),
    }));
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create } });
    const { calls } = accountServer();
    renderWithProviders(<CommandCenterPage section="account" />, {
      route: '/admin/account',
      path: '/admin/account',
    });

    const passkeys = await screen.findByRole('region', { name: 'Passkeys' });
    expect(within(passkeys).getByText('Work laptop')).toBeInTheDocument();
    expect(within(passkeys).getByText(/last used never/)).toBeInTheDocument();
    expect(screen.getByText('7 recovery codes left.')).toBeInTheDocument();
    expect(screen.getByText('An authenticator app is set up.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await user.type(within(passkeys).getByLabelText(/Name of this passkey/), 'Door phone');
    await user.click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(passkeys).findByText('Door phone')).toBeInTheDocument();
    const sent = calls.find((call) => call.url === '/api/admin/account/passkeys')?.body as {
      challengeId: string;
      name: string;
      response: { id: string; response: { transports: string[] } };
    };
    expect(sent).toMatchObject({
      challengeId: 'challenge-2',
      name: 'Door phone',
      response: { id: 'new-passkey', response: { transports: ['internal'] } },
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BOX_OFFICE_SESSION,
  DOOR_SESSION,
  OWNER_SESSION,
  fakeFetch,
  renderWithProviders,
} from '../../../test/render';
import type { FakeAnswer } from '../../../test/render';
import { registration } from '../../../test/console-fixtures';
import CommandCenterPage from '../../../app/command-center/command-center-page';
import type { CommandCenterSection } from '../../../app/command-center/command-center-page';

const SIGNED_OUT = { authenticated: false };

const PAGE = {
  registrations: [],
  nextCursor: null,
  matched: 0,
  matchedCapped: false,
  total: 0,
  statusCounts: {
    all: 0,
    confirmed: 0,
    waiting: 0,
    held: 0,
    offered: 0,
    cancelled: 0,
    released: 0,
    refunded: 0,
  },
  slots: [],
};

/** One card-paid registration: every action a card offers. */
const PAID_PAGE = {
  ...PAGE,
  registrations: [registration({ paid: true, status: 'paid', stripeSessionId: 'cs_test_1' })],
  matched: 1,
  total: 1,
  statusCounts: { ...PAGE.statusCounts, all: 1, confirmed: 1 },
};

const refused = (status: number, message: string, headers?: Record<string, string>) => ({
  status,
  body: { statusCode: status, message, errors: [] },
  headers,
});

/**
 * The session and sign-in routes as the operators' contract has them, and the pages' first
 * questions; `session` is who the cookie signs in, changed by a sign-in.
 */
function consoleServer(first: object = SIGNED_OUT, extra?: (url: string) => FakeAnswer | null) {
  const state = { session: first };
  const calls = fakeFetch((method, url, body) => {
    const answer = extra?.(url);
    if (answer) return answer;
    if (url === '/api/admin/session') return { body: state.session };
    if (url === '/api/admin/login/operator') {
      const { email, passphrase, code } = body as Record<string, string>;
      if (email === 'slow@example.com') return refused(429, 'Too many', { 'Retry-After': '120' });
      if (email !== 'bea@example.com' || passphrase !== 'a long passphrase' || code !== '123456')
        return refused(401, 'Wrong email, passphrase or code.');
      state.session = BOX_OFFICE_SESSION;
      return { body: BOX_OFFICE_SESSION };
    }
    if (url === '/api/admin/login/passkey/options') {
      return {
        body: {
          challengeId: 'challenge-1',
          options: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' },
        },
      };
    }
    if (url === '/api/admin/login/passkey') {
      const { challengeId, response } = body as { challengeId: string; response: { id: string } };
      if (challengeId !== 'challenge-1' || response.id !== 'door-passkey')
        return refused(401, 'This passkey was not accepted.');
      state.session = DOOR_SESSION;
      return { body: DOOR_SESSION };
    }
    if (url === '/api/events') return { body: [] };
    if (url.startsWith('/api/admin/registrations/per-day')) return { body: [] };
    if (url.startsWith('/api/admin/registrations?')) return { body: PAGE };
    if (url === '/api/admin/account') {
      return {
        body: {
          id: 'owner',
          number: 0,
          name: 'Owner',
          email: null,
          role: 'owner',
          passkeys: [],
          totp: false,
          recoveryCodesLeft: 0,
        },
      };
    }
    return refused(404, `No route ${method} ${url}`);
  });
  return { state, calls };
}

function renderConsole(section: CommandCenterSection = 'registrations', path = '/admin') {
  return renderWithProviders(<CommandCenterPage section={section} />, { route: path, path });
}

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** A device with one passkey for the site (or one that refuses, as a cancelled prompt does). */
function deviceWithPasskey(answer: 'passkey' | 'cancelled') {
  Object.defineProperty(window, 'PublicKeyCredential', {
    configurable: true,
    value: function PublicKeyCredential() {},
  });
  const get = jest.fn(async () => {
    if (answer === 'cancelled')
      throw new DOMException('The operation was aborted.', 'NotAllowedError');
    return {
      id: 'door-passkey',
      rawId: bytes('door-passkey'),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        authenticatorData: bytes('authenticator data'),
        clientDataJSON: bytes('{"type":"webauthn.get"}'),
        signature: bytes('signature'),
        userHandle: bytes('operator-7'),
      },
      getClientExtensionResults: () => ({}),
    };
  });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { get } });
  return get;
}

// jsdom lays nothing out: the feed's scroll box is given a height, so the virtualiser draws.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, value: 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, value: 800 });
});

afterEach(() => {
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  jest.restoreAllMocks();
});

describe('signing in', () => {
  it('signs an operator in by email, passphrase and code, and shows only what box office may open', async () => {
    const user = userEvent.setup();
    const { calls } = consoleServer();
    renderConsole();
    const operator = await screen.findByRole('form', { name: 'Sign in as an operator' });
    const signIn = within(operator).getByRole('button', { name: 'Sign in' });
    expect(signIn).toBeDisabled();
    await user.type(within(operator).getByLabelText('Email'), 'bea@example.com');
    await user.type(within(operator).getByLabelText('Passphrase'), 'a long passphrase');
    await user.type(within(operator).getByLabelText('Code'), ' 123456 ');
    await user.click(signIn);

    await screen.findByRole('heading', { level: 1, name: 'Command Center' });
    expect(calls.find((call) => call.url === '/api/admin/login/operator')?.body).toEqual({
      email: 'bea@example.com',
      passphrase: 'a long passphrase',
      code: '123456',
    });
    const nav = screen.getByRole('navigation', { name: 'Command Center pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Registrations', 'Tour', 'Door', 'Activity', 'Money', 'My account']);
    expect(
      within(screen.getAllByRole('banner')[0]!).getByText('Signed in as Bea Box (Box office)'),
    ).toBeInTheDocument();
  });

  it('says a wrong email, passphrase or code plainly, and how long to wait when throttled', async () => {
    const user = userEvent.setup();
    consoleServer();
    renderConsole();
    const operator = await screen.findByRole('form', { name: 'Sign in as an operator' });
    await user.type(within(operator).getByLabelText('Email'), 'bea@example.com');
    await user.type(within(operator).getByLabelText('Passphrase'), 'not the passphrase');
    await user.type(within(operator).getByLabelText('Code'), '000000');
    await user.click(within(operator).getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getAllByText('Wrong email, passphrase or code.').length).toBeGreaterThan(0),
    );

    await user.clear(within(operator).getByLabelText('Email'));
    await user.type(within(operator).getByLabelText('Email'), 'slow@example.com');
    await user.click(within(operator).getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getAllByText('Too many failed logins. Try again in 2 minutes.').length).toBe(2),
    );
    expect(screen.queryByRole('navigation', { name: 'Command Center pages' })).toBeNull();
  });

  it('signs in by a passkey: a door operator lands on the door page', async () => {
    const user = userEvent.setup();
    const get = deviceWithPasskey('passkey');
    const { calls } = consoleServer();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/door');
    expect(get).toHaveBeenCalledTimes(1);
    const sent = calls.find((call) => call.url === '/api/admin/login/passkey')?.body as {
      challengeId: string;
      response: { id: string; response: { userHandle: string } };
    };
    expect(sent.challengeId).toBe('challenge-1');
    expect(sent.response.id).toBe('door-passkey');
    expect(sent.response.response.userHandle).toBe('b3BlcmF0b3ItNw');
  });

  it('says when the device did not use a passkey, and asks the server nothing more', async () => {
    const user = userEvent.setup();
    deviceWithPasskey('cancelled');
    const { calls } = consoleServer();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(
        screen.getAllByText(/The passkey was not used: the request was cancelled or timed out/)
          .length,
      ).toBeGreaterThan(0),
    );
    expect(calls.some((call) => call.url === '/api/admin/login/passkey')).toBe(false);
  });

  it('offers no passkey where the browser has none, and the password still signs the owner in', async () => {
    consoleServer();
    renderConsole();
    expect(await screen.findByRole('button', { name: 'Sign in with a passkey' })).toBeDisabled();
    expect(screen.getByText(/This browser cannot use passkeys/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
  });
});

describe('what the role may open', () => {
  it('lists every page for the owner, with the export', async () => {
    consoleServer(OWNER_SESSION);
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'CSV export' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Command Center pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Registrations', 'Tour', 'Door', 'Activity', 'Money', 'Operators', 'My account']);
  });

  it('sends a door operator from /admin to the door page', async () => {
    consoleServer(DOOR_SESSION);
    renderConsole();
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/door');
  });

  it.each([
    ['operators', '/admin/operators', BOX_OFFICE_SESSION],
    ['tour', '/admin/tour', DOOR_SESSION],
    ['sheet', '/admin/sheet', DOOR_SESSION],
  ] as const)(
    'says "Your role does not allow this." on %s opened by its address, asking nothing of it',
    async (section, path, session) => {
      const { calls } = consoleServer(session);
      renderConsole(section, path);
      expect(await screen.findByRole('alert')).toHaveTextContent('Your role does not allow this.');
      const nav = screen.getByRole('navigation', { name: 'Command Center pages' });
      expect(within(nav).queryByRole('link', { name: 'Operators' })).toBeNull();
      expect(calls.map((call) => call.url)).toEqual(['/api/admin/session']);
    },
  );

  it.each([
    ['without them', ['registrations', 'tour'], false],
    ['with them', ['registrations', 'tour', 'exports', 'refunds'], true],
  ] as const)(
    'shows the export, cancelling and deleting (which may refund) only to a role %s',
    async (_, permissions, shown) => {
      consoleServer({ ...BOX_OFFICE_SESSION, permissions }, (url) =>
        url.startsWith('/api/admin/registrations?') ? { body: PAID_PAGE } : null,
      );
      renderConsole();
      const card = await screen.findByRole('article', { name: 'Ana Pop' });
      expect(within(card).getByRole('button', { name: 'History' })).toBeInTheDocument();
      for (const action of ['Cancel', 'Cancel and refund', 'Delete']) {
        expect([action, within(card).queryByRole('button', { name: action }) !== null]).toEqual([
          action,
          shown,
        ]);
      }
      expect(screen.queryByRole('heading', { name: 'CSV export' }) !== null).toBe(shown);
    },
  );

  it('opens nothing but the second factor for a session that has none yet', async () => {
    consoleServer({ ...BOX_OFFICE_SESSION, secondFactorRequired: true });
    renderConsole();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add a second factor' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Add a passkey or an authenticator app first.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Command Center pages' })).toBeNull();
  });

  it('shows the owner signed in by the password that there are no factors to manage', async () => {
    consoleServer(OWNER_SESSION);
    renderConsole('account', '/admin/account');
    expect(await screen.findByText(/You are signed in as the owner/)).toBeInTheDocument();
  });
});

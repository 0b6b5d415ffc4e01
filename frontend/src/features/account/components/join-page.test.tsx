import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BOX_OFFICE_SESSION, fakeFetch, renderWithProviders } from '../../../test/render';
import JoinPage from './join-page';

const TOKEN = 'aW52aXRhdGlvbg.c2lnbmF0dXJl';
const INVITATION = {
  email: 'bea@example.com',
  name: 'Bea',
  role: 'box-office',
  expiresAt: '2030-01-03T10:00:00.000Z',
  timeZone: 'Europe/Bucharest',
};
const CODES = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

const refused = (status: number, message: string, errors: object[] = []) => ({
  status,
  body: { statusCode: status, message, errors },
});

/** The joining routes and the account's second factor, as the operators' contract has them. */
function joinServer({ invitation = 'valid' }: { invitation?: 'valid' | 'used' | 'altered' } = {}) {
  const state = { session: { authenticated: false } as object, confirmed: false };
  const calls = fakeFetch((method, url, body) => {
    if (url === '/api/admin/session') return { body: state.session };
    if (url === `/api/operators/invitations/${TOKEN}`) {
      if (invitation === 'used')
        return refused(410, 'This invitation has been used or has expired.');
      if (invitation === 'altered') return refused(400, 'This invitation link is not valid.');
      return { body: INVITATION };
    }
    if (url === '/api/operators/join') {
      const { passphrase } = body as { passphrase: string };
      if (passphrase.length < 12) {
        // The server's words are its own: the page says the refusal by its code.
        return refused(400, 'Too short.', [
          { field: 'passphrase', code: 'passphrase-too-short', message: 'Too short.' },
        ]);
      }
      if (passphrase === 'password1234') {
        return refused(400, 'Too common.', [
          { field: 'passphrase', code: 'passphrase-too-common', message: 'Too common.' },
        ]);
      }
      state.session = { ...BOX_OFFICE_SESSION, secondFactorRequired: true };
      return { status: 201, body: state.session };
    }
    if (url === '/api/admin/account/totp') {
      return {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Dream%20Darkroom:bea%40example.com?secret=JBSWY3DPEHPK3PXP',
        },
      };
    }
    if (url === '/api/admin/account/totp/confirmation') {
      if ((body as { code: string }).code !== '654321')
        return refused(400, 'That code is not right. Try the newest one.');
      state.confirmed = true;
      state.session = BOX_OFFICE_SESSION;
      return { body: { recoveryCodes: CODES } };
    }
    if (url === '/api/admin/account') return refused(404, 'unused here');
    return refused(404, `No route ${method} ${url}`);
  });
  return { state, calls };
}

function renderJoin(search = `?token=${TOKEN}`) {
  return renderWithProviders(<JoinPage />, { route: `/admin/join${search}`, path: '/admin/join' });
}

afterEach(() => jest.restoreAllMocks());

describe('the join page', () => {
  it('shows the invitation, says the passphrase rules and the server’s refusals, then joins', async () => {
    const user = userEvent.setup();
    const { calls } = joinServer();
    renderJoin();
    expect(await screen.findByText('bea@example.com')).toBeInTheDocument();
    expect(screen.getByText('Box office')).toBeInTheDocument();
    // The invitation's end as its email writes it: in the tour's zone, named by its offset.
    expect(
      screen.getByText((_, element) =>
        element?.tagName === 'TIME'
          ? /^Thursday, January 3, 2030 at 12:00\sPM GMT\+2$/.test(element.textContent ?? '')
          : false,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('At least 12 characters.')).toBeInTheDocument();
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveValue('Bea');
    await user.clear(name);
    await user.type(name, 'Bea Box');

    const passphrase = screen.getByLabelText('Passphrase');
    await user.type(passphrase, 'short');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(passphrase).toHaveAttribute('aria-invalid', 'true');

    await user.clear(passphrase);
    await user.type(passphrase, 'password1234');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('This passphrase is too common.')).toBeInTheDocument();

    await user.clear(passphrase);
    await user.type(passphrase, 'lanterns over the quiet harbour');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(
      await screen.findByRole('heading', { name: '2. Your second factor' }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/operators/join').at(-1)?.body).toEqual({
      token: TOKEN,
      name: 'Bea Box',
      passphrase: 'lanterns over the quiet harbour',
    });
  });

  it('sets up an authenticator app: its QR code and key, a wrong code refused, then the 10 recovery codes once', async () => {
    const user = userEvent.setup();
    const { state } = joinServer();
    renderJoin();
    await user.type(await screen.findByLabelText('Passphrase'), 'lanterns over the quiet harbour');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await screen.findByRole('heading', { name: '2. Your second factor' });

    const app = screen.getByRole('group', { name: 'An authenticator app' });
    await user.click(within(app).getByRole('button', { name: 'Use an authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await user.type(screen.getByLabelText('The 6-digit code the app shows'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('That code is not right. Try the newest one.'),
    ).toBeInTheDocument();

    await user.clear(screen.getByLabelText('The 6-digit code the app shows'));
    await user.type(screen.getByLabelText('The 6-digit code the app shows'), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(state.confirmed).toBe(true);

    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(within(codes).getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByText('The codes are copied.')).toBeInTheDocument();

    await user.click(within(codes).getByRole('button', { name: 'I have kept them' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin');
  });

  it.each([
    ['used', 'This invitation has been used or has expired. Ask the owner for a new one.'],
    ['altered', 'This invitation link is not valid.'],
  ] as const)('says an invitation %s cannot be used', async (invitation, message) => {
    const { calls } = joinServer({ invitation });
    renderJoin();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('Passphrase')).toBeNull();
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/operators/join')).toBe(false),
    );
  });

  it('says a link without a token is not valid, without asking the server about it', async () => {
    const { calls } = joinServer();
    renderJoin('');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is not valid.',
    );
    expect(calls.some((call) => call.url.startsWith('/api/operators/'))).toBe(false);
  });
});

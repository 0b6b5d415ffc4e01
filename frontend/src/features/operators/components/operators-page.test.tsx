import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OWNER_SESSION, fakeFetch, renderWithProviders } from '../../../test/render';
import type { Operator } from '../../../lib/admin-session/operator-types';
import CommandCenterPage from '../../../app/command-center/command-center-page';

const ANA = '00000000-0000-4000-8000-0000000000a1';
const DAN = '00000000-0000-4000-8000-0000000000d1';

const passkey = (id: string, name: string) => ({
  id,
  name,
  createdAt: '2025-09-01T12:00:00.000Z',
  lastUsedAt: null,
});
const PASSKEYS_2 = [
  passkey('ana-laptop-key', 'Laptop'),
  passkey('ana-phone-key', 'Unknown device'),
];
const PASSKEYS_1 = [passkey('dan-phone-key', 'Phone')];

function operators(): Operator[] {
  return [
    {
      id: 'owner',
      number: 0,
      name: 'Owner',
      email: null,
      role: 'owner',
      state: 'active',
      invitedAt: null,
      joinedAt: null,
      passkeys: 0,
      totp: false,
      passkeyList: [],
      recoveryCodesLeft: 0,
      sessions: [
        {
          id: 'owner-here',
          device: 'Firefox on Linux',
          address: '192.0.2.1',
          openedAt: '2025-10-01T09:00:00.000Z',
          lastUsedAt: '2025-10-01T10:00:00.000Z',
          current: true,
        },
        {
          id: 'owner-phone',
          device: 'Safari on iPhone',
          address: '192.0.2.2',
          openedAt: '2025-09-30T09:00:00.000Z',
          lastUsedAt: '2025-09-30T21:00:00.000Z',
          current: false,
        },
      ],
    },
    {
      id: ANA,
      number: 1,
      name: 'Ana Box',
      email: 'ana@example.com',
      role: 'box-office',
      state: 'active',
      invitedAt: '2025-09-01T09:00:00.000Z',
      joinedAt: '2025-09-01T12:00:00.000Z',
      passkeys: 2,
      totp: true,
      passkeyList: PASSKEYS_2,
      recoveryCodesLeft: 6,
      sessions: [
        {
          id: 'ana-laptop',
          device: 'Chrome on Windows',
          address: '198.51.100.7',
          openedAt: '2025-10-01T08:00:00.000Z',
          lastUsedAt: '2025-10-01T09:30:00.000Z',
          current: false,
        },
      ],
    },
    {
      id: DAN,
      number: 2,
      name: 'Dan Door',
      email: 'dan@example.com',
      role: 'door',
      state: 'suspended',
      invitedAt: '2025-09-02T09:00:00.000Z',
      joinedAt: '2025-09-02T12:00:00.000Z',
      passkeys: 1,
      totp: false,
      passkeyList: PASSKEYS_1,
      recoveryCodesLeft: 0,
      sessions: [],
    },
  ];
}

const refused = (status: number, message: string) => ({
  status,
  body: { statusCode: status, message, errors: [] },
});

/** The owner's operator routes as the contract has them, over a list held here. */
function operatorsServer() {
  const state = { operators: operators() };
  const find = (id: string) => state.operators.find((operator) => operator.id === id)!;
  const calls = fakeFetch((method, url, body) => {
    if (url === '/api/admin/session') return { body: OWNER_SESSION };
    if (url === '/api/admin/operators' && method === 'GET') {
      return { body: { operators: state.operators } };
    }
    if (url === '/api/admin/operators' && method === 'POST') {
      const { email, name, role } = body as { email: string; name: string; role: 'door' };
      if (state.operators.some((operator) => operator.email === email))
        return refused(409, 'An operator with this email already exists.');
      const invited: Operator = {
        id: '00000000-0000-4000-8000-0000000000c1',
        number: state.operators.length,
        name,
        email,
        role,
        state: 'invited',
        invitedAt: '2025-10-01T10:00:00.000Z',
        joinedAt: null,
        passkeys: 0,
        totp: false,
        passkeyList: [],
        recoveryCodesLeft: 0,
        sessions: [],
      };
      state.operators.push(invited);
      return { status: 201, body: invited };
    }
    const patch = /^\/api\/admin\/operators\/([^/]+)$/.exec(url);
    if (patch && method === 'PATCH') {
      const operator = find(decodeURIComponent(patch[1]!));
      const change = body as { role?: 'door'; suspended?: boolean };
      if (change.role) operator.role = change.role;
      if (change.suspended !== undefined) {
        operator.state = change.suspended ? 'suspended' : 'active';
        if (change.suspended) operator.sessions = [];
      }
      return { body: operator };
    }
    const session = /^\/api\/admin\/operators\/([^/]+)\/sessions\/([^/]+)$/.exec(url);
    if (session && method === 'DELETE') {
      const operator = find(decodeURIComponent(session[1]!));
      operator.sessions = operator.sessions.filter((open) => open.id !== session[2]);
      return { status: 204 };
    }
    const passkeyOf = /^\/api\/admin\/operators\/([^/]+)\/passkeys\/([^/]+)$/.exec(url);
    if (passkeyOf && method === 'DELETE') {
      const operator = find(decodeURIComponent(passkeyOf[1]!));
      operator.passkeyList = operator.passkeyList.filter((key) => key.id !== passkeyOf[2]);
      operator.passkeys = operator.passkeyList.length;
      return { status: 204 };
    }
    const reset = /^\/api\/admin\/operators\/([^/]+)\/second-factor-reset$/.exec(url);
    if (reset && method === 'POST') {
      const operator = find(decodeURIComponent(reset[1]!));
      Object.assign(operator, {
        passkeyList: [],
        passkeys: 0,
        totp: false,
        recoveryCodesLeft: 0,
        sessions: [],
      });
      return { status: 204 };
    }
    const erasure = /^\/api\/admin\/operators\/([^/]+)\/erasure$/.exec(url);
    if (erasure && method === 'POST') {
      const operator = find(decodeURIComponent(erasure[1]!));
      if (operator.state !== 'suspended') return refused(409, 'Suspend this operator first.');
      Object.assign(operator, {
        state: 'erased',
        name: `former operator #${operator.number}`,
        email: null,
      });
      return { status: 204 };
    }
    return refused(404, `No route ${method} ${url}`);
  });
  return { state, calls };
}

function renderOperators() {
  return renderWithProviders(<CommandCenterPage section="operators" />, {
    route: '/admin/operators',
    path: '/admin/operators',
  });
}

const card = (name: string) => screen.getByRole('article', { name });

// jsdom has <dialog> but not its modal methods; browsers do (the e2e tests use the real ones).
afterEach(() => jest.restoreAllMocks());

describe('the Operators page', () => {
  it('lists the owner first, then each operator with role, state, factors and open sessions', async () => {
    operatorsServer();
    renderOperators();
    await screen.findByText('3 operators');
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('class'))).toEqual([
      'operator-card operator-card--active',
      'operator-card operator-card--active',
      'operator-card operator-card--suspended',
    ]);
    const owner = card('Owner');
    expect(within(owner).getByText('2 open sessions')).toBeInTheDocument();
    expect(within(owner).getByText('this session')).toBeInTheDocument();
    // The session this page runs in is not offered to end; the owner's phone is.
    expect(within(owner).getAllByRole('button', { name: /^End session of/ })).toHaveLength(1);
    expect(within(owner).queryByLabelText(/^Role of/)).toBeNull();

    const ana = card('Ana Box');
    expect(within(ana).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(ana).getByText('2 passkeys · authenticator app')).toBeInTheDocument();
    expect(within(ana).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(ana).getByText(/^198\.51\.100\.7 · opened /)).toBeInTheDocument();
    expect(within(ana).getByText('ACTIVE')).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: /^Erase/ })).toBeNull();

    const dan = card('Dan Door');
    expect(within(dan).getByText('SUSPENDED')).toBeInTheDocument();
    expect(within(dan).getByText('Not signed in anywhere.')).toBeInTheDocument();
    expect(within(dan).getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
  });

  it('invites an operator, and says so when the email is already an operator’s', async () => {
    const user = userEvent.setup();
    const { calls } = operatorsServer();
    renderOperators();
    await screen.findByText('3 operators');
    const invite = screen.getByRole('region', { name: 'Invite an operator' });
    await user.type(within(invite).getByLabelText('Their email'), 'ana@example.com');
    await user.type(within(invite).getByLabelText('Their name'), 'Ana Again');
    await user.click(within(invite).getByRole('button', { name: 'Send the invitation' }));
    expect(
      await within(invite).findByText('An operator with this email already exists.'),
    ).toBeInTheDocument();
    expect(within(invite).getByLabelText('Their email')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(invite).getByLabelText('Their email'));
    await user.type(within(invite).getByLabelText('Their email'), 'cleo@example.com');
    await user.clear(within(invite).getByLabelText('Their name'));
    await user.type(within(invite).getByLabelText('Their name'), 'Cleo');
    await user.selectOptions(within(invite).getByLabelText('Role'), 'Door');
    await user.click(within(invite).getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Cleo receives the link at cleo@example.com.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      email: 'cleo@example.com',
      name: 'Cleo',
      role: 'door',
    });
    expect(await screen.findByRole('article', { name: 'Cleo' })).toHaveTextContent('INVITED');
  });

  it('changes a role, ends a session after asking, suspends after asking', async () => {
    const user = userEvent.setup();
    const { calls } = operatorsServer();
    renderOperators();
    await screen.findByText('3 operators');

    const ana = card('Ana Box');
    expect(within(ana).getByRole('button', { name: 'Change role' })).toBeDisabled();
    await user.selectOptions(within(ana).getByLabelText('Role of Ana Box'), 'Door');
    await user.click(within(ana).getByRole('button', { name: 'Change role' }));
    await screen.findByText('Ana Box is now Door.');
    expect(calls.at(-2)).toMatchObject({
      method: 'PATCH',
      url: `/api/admin/operators/${ANA}`,
      body: { role: 'door' },
    });

    await user.click(
      within(card('Ana Box')).getByRole('button', {
        name: 'End session of Ana Box on Chrome on Windows',
      }),
    );
    const endDialog = await screen.findByRole('alertdialog', { name: 'End this session?' });
    await user.click(within(endDialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(within(card('Ana Box')).getByText('Not signed in anywhere.')));
    expect(
      calls.some(
        (call) =>
          call.method === 'DELETE' &&
          call.url === `/api/admin/operators/${ANA}/sessions/ana-laptop`,
      ),
    ).toBe(true);

    await user.click(within(card('Ana Box')).getByRole('button', { name: 'Suspend' }));
    const suspendDialog = await screen.findByRole('alertdialog', { name: 'Suspend Ana Box?' });
    expect(suspendDialog).toHaveTextContent('signed out everywhere at once');
    await user.click(within(suspendDialog).getByRole('button', { name: 'Go back' }));
    expect(
      calls.some((call) => call.method === 'PATCH' && 'suspended' in (call.body as object)),
    ).toBe(false);
    await user.click(within(card('Ana Box')).getByRole('button', { name: 'Suspend' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Suspend Ana Box?' })).getByRole(
        'button',
        { name: 'Suspend' },
      ),
    );
    await waitFor(() => expect(within(card('Ana Box')).getByText('SUSPENDED')));
  });

  it('erases a suspended operator after asking; the card then names them by number', async () => {
    const user = userEvent.setup();
    const { calls } = operatorsServer();
    renderOperators();
    await screen.findByText('3 operators');
    await user.click(
      within(card('Dan Door')).getByRole('button', { name: 'Erase their name and email' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: "Erase Dan Door's name and email?",
    });
    expect(dialog).toHaveTextContent('“former operator #2”');
    await user.click(within(dialog).getByRole('button', { name: 'Erase their name and email' }));
    const erased = await screen.findByRole('article', { name: 'former operator #2' });
    expect(erased).toHaveTextContent('ERASED');
    expect(within(erased).queryByRole('button')).toBeNull();
    expect(calls.some((call) => call.url === `/api/admin/operators/${DAN}/erasure`)).toBe(true);
  });

  it("shows each operator's passkeys by name, removes one after asking, and resets the second factor", async () => {
    const user = userEvent.setup();
    const { calls } = operatorsServer();
    renderOperators();
    await screen.findByText('3 operators');
    const factors = within(card('Ana Box')).getByRole('region', { name: 'Sign-in of Ana Box' });
    expect(factors).toHaveTextContent('Laptop');
    expect(factors).toHaveTextContent('Unknown device');
    expect(factors).toHaveTextContent('6 recovery codes left');
    await user.click(
      within(factors).getByRole('button', { name: 'Remove passkey Unknown device of Ana Box' }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remove the passkey “Unknown device” of Ana Box?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(factors).not.toHaveTextContent('Unknown device'));
    expect(factors).toHaveTextContent('Laptop');
    expect(
      calls.some(
        (call) =>
          call.method === 'DELETE' &&
          call.url === `/api/admin/operators/${ANA}/passkeys/ana-phone-key`,
      ),
    ).toBe(true);

    await user.click(within(card('Ana Box')).getByRole('button', { name: 'Reset second factor' }));
    const resetDialog = await screen.findByRole('alertdialog', {
      name: 'Reset the second factor of Ana Box?',
    });
    await user.click(within(resetDialog).getByRole('button', { name: 'Reset second factor' }));
    await waitFor(() =>
      expect(
        within(card('Ana Box')).getByRole('region', { name: 'Sign-in of Ana Box' }),
      ).toHaveTextContent('none yet'),
    );
    expect(
      calls.some((call) => call.url === `/api/admin/operators/${ANA}/second-factor-reset`),
    ).toBe(true);
  });
});

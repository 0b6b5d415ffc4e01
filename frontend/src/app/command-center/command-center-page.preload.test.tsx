import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OWNER_SESSION, renderWithProviders } from '../../test/render';
import CommandCenterPage from './command-center-page';

// Which of the console's pages had their code asked for, in order: each module is required
// (its mock factory run) the first time something imports it. A file of its own, so that no
// earlier test has loaded them.
const mockRequired: string[] = [];
jest.mock('../../features/registrations/components/dashboard', () => {
  mockRequired.push('registrations');
  return jest.requireActual('../../features/registrations/components/dashboard');
});
jest.mock('../../features/tour/components/tour-page', () => {
  mockRequired.push('tour');
  return jest.requireActual('../../features/tour/components/tour-page');
});
jest.mock('../../features/operators/components/operators-page', () => {
  mockRequired.push('operators');
  return jest.requireActual('../../features/operators/components/operators-page');
});

beforeEach(() => {
  global.fetch = jest.fn(
    async () =>
      ({
        ok: true,
        status: 200,
        headers: new Headers(),
        text: async () => JSON.stringify({ authenticated: false }),
      }) as unknown as Response,
  ) as typeof fetch;
});

describe('the console while the operator signs in', () => {
  it("fetches the code of the page being signed in to, and only that page's, once the operator starts", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CommandCenterPage section="tour" />, {
      route: '/admin/tour',
      path: '/admin/tour',
    });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    // Nothing while the sign-in is only looked at (a visit, an audit).
    await new Promise((wait) => setTimeout(wait, 50));
    expect(mockRequired).toEqual([]);
    await user.click(screen.getByLabelText('Password'));
    await waitFor(() => expect(mockRequired).toEqual(['tour']));
    // Still signed out: the code came ahead of the session, not with it.
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });

  it('fetches none for a page drawn by another feature (the door)', async () => {
    const before = [...mockRequired];
    renderWithProviders(<CommandCenterPage section="door" page={() => <p>The door</p>} />, {
      route: '/admin/door',
      path: '/admin/door',
    });
    await userEvent.setup().click(await screen.findByLabelText('Password'));
    await new Promise((wait) => setTimeout(wait, 50));
    expect(mockRequired).toEqual(before);
  });

  it('asks for the code of the page as soon as the session is known to be live, and then draws it', async () => {
    const before = [...mockRequired];
    global.fetch = jest.fn(
      async () =>
        ({
          ok: true,
          status: 200,
          headers: new Headers(),
          text: async () => JSON.stringify(OWNER_SESSION),
        }) as unknown as Response,
    ) as typeof fetch;
    renderWithProviders(<CommandCenterPage section="operators" />, {
      route: '/admin/operators',
      path: '/admin/operators',
    });
    await waitFor(() => expect(mockRequired).toEqual([...before, 'operators']));
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });
});

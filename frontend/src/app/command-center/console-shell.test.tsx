import { screen, within } from '@testing-library/react';
import {
  BOX_OFFICE_SESSION,
  DOOR_SESSION,
  OWNER_SESSION,
  fakeSite,
  renderWithProviders,
} from '../../test/render';
import CommandCenterPage from './command-center-page';

const PUBLIC_NAVIGATION = ['About', 'Who We Are', 'Press', 'Past Events', 'Register'];

function openAccount(session: unknown) {
  fakeSite((_method, url) => (url === '/api/admin/session' ? { body: session } : undefined));
  return renderWithProviders(<CommandCenterPage section="account" />, {
    route: '/admin/account',
    path: '/admin/account',
  });
}

/** The shell's header: the page's own header comes after it. */
async function shell() {
  return (await screen.findAllByRole('banner'))[0]!;
}

describe("the console's shell", () => {
  it.each([
    [
      'the owner',
      OWNER_SESSION,
      ['Registrations', 'Tour', 'Door', 'Activity', 'Money', 'Operators', 'My account'],
    ],
    [
      'a box office',
      BOX_OFFICE_SESSION,
      ['Registrations', 'Tour', 'Door', 'Activity', 'Money', 'My account'],
    ],
    ['a door person', DOOR_SESSION, ['Door', 'My account']],
  ])('lists the sections %s may use, and who is signed in', async (_who, session, sections) => {
    openAccount(session);
    const nav = await screen.findByRole('navigation', { name: 'Command Center pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(sections);
    expect(within(nav).getByRole('link', { name: 'My account' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const banner = await shell();
    expect(banner).toContainElement(nav);
    expect(
      within(banner).getByText(new RegExp(`Signed in as ${session.operator.name} `)),
    ).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(
      within(banner).getByRole('button', { name: /^Switch language to / }),
    ).toBeInTheDocument();
    // The page below is the main landmark; one way out, in the shell.
    expect(screen.getByRole('main')).not.toContainElement(nav);
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
  });

  it('shows none of the public site’s navigation, signed in or not', async () => {
    const { unmount } = openAccount(OWNER_SESSION);
    await screen.findByRole('navigation', { name: 'Command Center pages' });
    for (const name of PUBLIC_NAVIGATION) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    unmount();
    openAccount({ authenticated: false });
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    for (const name of PUBLIC_NAVIGATION) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  it('is only the mark and the language at the sign-in: no sections, no way out', async () => {
    openAccount({ authenticated: false });
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    const banner = await shell();
    expect(within(banner).getByRole('link', { name: /Command Center/ })).toBeInTheDocument();
    expect(
      within(banner).getByRole('button', { name: /^Switch language to / }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Command Center pages' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });
});

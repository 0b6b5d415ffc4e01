import type { RegistrationFilter } from './get-registration-page';

/**
 * Query keys of the Command Center. They read as API paths; every admin query sits under
 * `adminKeys.all` or is listed here, so logout can drop them all. The list's pages sit under
 * `registrations()`, so a change invalidates every search and filter at once.
 */
export const adminKeys = {
  session: () => ['/api', 'admin', 'session'] as const,
  registrations: () => ['/api', 'registrations'] as const,
  registrationPages: (filter: RegistrationFilter) =>
    ['/api', 'registrations', 'pages', filter] as const,
  history: (id: string) => ['/api', 'admin', 'registrations', id, 'history'] as const,
  capacity: () => ['/api', 'capacity'] as const,
};

/**
 * Query keys of the Command Center. They read as API paths; every admin query sits under
 * `adminKeys.all` or is listed here, so logout can drop them all. The list's pages sit under
 * `registrations()`, so a change invalidates every search and filter at once.
 */
export const adminKeys = {
  session: () => ['/api', 'admin', 'session'] as const,
  /** The signed-in operator's own account: name, passkeys, authenticator app, recovery codes. */
  account: () => ['/api', 'admin', 'account'] as const,
  /** Every operator with their sessions (the owner's Operators page). */
  operators: () => ['/api', 'admin', 'operators'] as const,
  /** An invitation to join, read before signing in (so not under the admin keys). */
  invitation: (token: string) => ['/api', 'operators', 'invitations', token] as const,
  registrations: () => ['/api', 'registrations'] as const,
  /** A page of the list under a filter (the registrations feature's own). */
  registrationPages: <Filter extends object>(filter: Filter) =>
    ['/api', 'registrations', 'pages', filter] as const,
  history: (id: string) => ['/api', 'admin', 'registrations', id, 'history'] as const,
  capacity: () => ['/api', 'capacity'] as const,
  /** The tour and its history; invalidating `tour()` refreshes both. */
  tour: () => ['/api', 'admin', 'tour'] as const,
  /** Each slot's check-ins and no-shows, under the tour's key: the tour's refresh reads them. */
  doorCounts: () => ['/api', 'admin', 'tour', 'door-counts'] as const,
  /** The tour's events as the door reads them: refreshing it refreshes every slot's list. */
  tourEvents: () => ['/api', 'admin', 'tour', 'events'] as const,
  /** The slots the door picks from. */
  doorSlots: () => ['/api', 'admin', 'tour', 'door-slots'] as const,
  /** A slot's door list (its people and their check-ins), under the tour's events. */
  doorList: (slot: { event: string; time: string }) =>
    ['/api', 'admin', 'tour', 'events', slot.event, 'slots', slot.time, 'door'] as const,
  tourHistory: (event: string | null) => ['/api', 'admin', 'tour', 'history', event] as const,
  /** A slot's performers' sheet, under the tour. */
  sheet: (event: string, time: string) => ['/api', 'admin', 'tour', 'sheet', event, time] as const,
  /** What the sheet's print shows (asked apart: the server holds it while the review is open). */
  printedSheet: (event: string, time: string) =>
    ['/api', 'admin', 'tour', 'sheet', event, time, 'print'] as const,
  /** The tour's accounts (the Money page): per stop and slot, in each currency. */
  accounts: () => ['/api', 'admin', 'accounts'] as const,
  /** The log as the activity page reads it, newest first, under a filter. */
  activity: () => ['/api', 'admin', 'events'] as const,
  activityPages: <Filter extends object>(filter: Filter) =>
    ['/api', 'admin', 'events', 'pages', filter] as const,
  /** The site's public tour (the visitors' event list), which a tour change also changes. */
  events: () => ['/api', 'events'] as const,
};

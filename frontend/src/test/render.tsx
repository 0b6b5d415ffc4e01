import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeServer = (
  method: string,
  url: string,
  body: unknown,
) => FakeAnswer | Promise<FakeAnswer>;

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** Replaces fetch with a fake server; returns the calls it received. */
export function fakeFetch(server: FakeServer): FetchCall[] {
  const calls: FetchCall[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, credentials: init?.credentials });
    const answer = await server(method, url, body);
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers(answer.headers),
      text: async () => (answer.body === undefined ? '' : JSON.stringify(answer.body)),
      json: async () => answer.body,
    } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

/** Shows where the router went, for assertions. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}
      {location.state ? ` state=${JSON.stringify(location.state)}` : ''}
    </p>
  );
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '/',
  }: {
    /** An address, or an address with the history state a navigation gave it. */
    route?: string | { pathname: string; search?: string; state?: unknown };
    path?: string;
  } = {},
) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={createQueryClient()}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}

export const BUCHAREST = {
  slug: 'bucharest',
  city: 'Bucharest',
  venue: 'National Museum of Contemporary Art (MNAC)',
  date: '2025-10-30',
  status: 'open',
  priceMinor: 3500,
  currency: 'RON',
  timeZone: 'Europe/Bucharest',
  slots: [
    {
      time: '19 Oct - 7:00pm',
      startsAt: '2025-10-19T16:00:00.000Z',
      status: 'closed',
      capacity: 20,
    },
    { time: 'Oct 30 - 7:30pm', startsAt: '2025-10-30T17:30:00.000Z', status: 'open', capacity: 20 },
  ],
};

export const MATERA = {
  slug: 'matera',
  city: 'Matera',
  venue: 'Casa Cava',
  date: '2025-09-13',
  status: 'completed',
  priceMinor: 3500,
  currency: 'EUR',
  timeZone: 'Europe/Rome',
  slots: [
    { time: '8:00 PM', startsAt: '2025-09-13T18:00:00.000Z', status: 'closed', capacity: 20 },
  ],
};

/** The server's answer to a route it does not have. */
export const NOT_FOUND: FakeAnswer = {
  status: 404,
  body: { statusCode: 404, message: 'Not found', errors: [] },
};

/** GET /api/site-info. */
export const SITE_INFO = {
  chatJoinCode: 'DREAM-2025',
  contactEmail: 'hello@example.org',
  pressEmail: 'press@example.org',
};

/**
 * The public site's server: the tour (`events`) and the site's info, and what `answer` answers
 * for the other requests; NOT_FOUND where it answers nothing. Returns the calls it received.
 */
export function fakeSite(
  answer: (
    method: string,
    url: string,
    body: unknown,
  ) => FakeAnswer | Promise<FakeAnswer> | undefined,
  events: unknown[] = [BUCHAREST],
): FetchCall[] {
  return fakeFetch(async (method, url, body) => {
    if (url === '/api/events') return { body: events };
    if (url === '/api/site-info') return { body: SITE_INFO };
    return (await answer(method, url, body)) ?? NOT_FOUND;
  });
}

/** An event an operator announced from the Tour page, with its Italian and Romanian names. */
export const CLUJ = {
  ...BUCHAREST,
  slug: 'cluj',
  city: 'Cluj-Napoca',
  venue: 'Paintbrush Factory',
  localised: {
    it: { city: 'Clausemburgo', venue: 'Fabbrica dei Pennelli' },
    ro: { city: 'Cluj-Napoca', venue: 'Fabrica de Pensule' },
  },
  date: '2025-10-23',
  priceMinor: 4000,
  slots: [
    { time: 'Oct 23 - 8:00pm', startsAt: '2025-10-23T17:00:00.000Z', status: 'open', capacity: 2 },
  ],
};

export function capacity(available: number, waitingList = 0) {
  return {
    bucharest: {
      'Oct 30 - 7:30pm': {
        available,
        registered: 20 - available,
        waitingList,
        limit: 20,
        status: 'open',
      },
    },
  };
}

/** GET /api/admin/session for the owner (the admin password): every permission. */
export const OWNER_SESSION = {
  authenticated: true,
  expiresAt: '2030-01-01T00:00:00.000Z',
  operator: { id: 'owner', name: 'Owner', role: 'owner' },
  permissions: [
    'registrations',
    'refunds',
    'exports',
    'tour',
    'sheet',
    'door',
    'operators',
    'accounts',
  ],
  secondFactorRequired: false,
};

/** GET /api/admin/session for a box-office operator: everything but the operators. */
export const BOX_OFFICE_SESSION = {
  ...OWNER_SESSION,
  operator: { id: '00000000-0000-4000-8000-0000000000b0', name: 'Bea Box', role: 'box-office' },
  permissions: ['registrations', 'refunds', 'exports', 'tour', 'sheet', 'door', 'accounts'],
};

/** GET /api/admin/session for a door operator: the door page only. */
export const DOOR_SESSION = {
  ...OWNER_SESSION,
  operator: { id: '00000000-0000-4000-8000-0000000000d0', name: 'Dora Door', role: 'door' },
  permissions: ['door'],
};

import { screen } from '@testing-library/react';
import { BOX_OFFICE_SESSION, fakeFetch, renderWithProviders } from '../../../test/render';
import { AdminIntlProvider } from '../../../lib/admin-session/admin-intl-provider';
import { AdminSessionProvider } from '../../../lib/admin-session/use-admin-session';
import { HistoryDrawer } from './history-drawer';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the history drawer', () => {
  it('names who did each thing: an operator, the owner, an erased operator by number', async () => {
    fakeFetch((_method, url) => {
      if (url === '/api/admin/session') return { body: BOX_OFFICE_SESSION };
      const event = (position: number, actor: string, actorName?: string) => ({
        position,
        type: 'PaidFlagSet',
        recordedAt: '2025-10-02T10:00:00.000Z',
        actor,
        ...(actorName ? { actorName } : {}),
        payload: { paid: true },
        erasedFields: [],
        status: 'paid',
        listedAs: 'confirmed',
      });
      return {
        body: {
          registrationId: '00000000-0000-4000-8000-00000000aaaa',
          deleted: false,
          events: [
            event(1, 'visitor'),
            event(2, 'admin', 'Ana Box'),
            event(3, 'admin', 'owner'),
            event(4, 'admin', 'former operator #7'),
          ],
        },
      };
    });
    renderWithProviders(
      <AdminIntlProvider>
        <AdminSessionProvider>
          <HistoryDrawer
            registrationId="00000000-0000-4000-8000-00000000aaaa"
            name="Ana Pop"
            open
            onOpenChange={() => undefined}
          />
        </AdminSessionProvider>
      </AdminIntlProvider>,
    );
    await screen.findByText(/by Ana Box/);
    // Each entry one line in words: what happened, and by whom.
    expect(
      [...document.querySelectorAll('.history-item__type')].map((line) => line.textContent),
    ).toEqual([
      'Paid flag set by visitor',
      'Paid flag set by Ana Box',
      'Paid flag set by the owner',
      'Paid flag set by former operator #7',
    ]);
  });
});

import { useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Skeleton } from '../../../components/skeleton';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useTour } from '../api/get-tour';
import { useLiveChanges } from '../../../lib/admin-session/live-changes';
import type { TourEventAdmin } from '../api/get-tour';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { EventFormDialog } from './event-form-dialog';
import { TourEventCard } from './tour-event-card';
import { TourHistoryDrawer } from './tour-history-drawer';
import './tour.css';

const byDate = (a: TourEventAdmin, b: TourEventAdmin) =>
  a.date.localeCompare(b.date) || a.slug.localeCompare(b.slug);

/**
 * The Command Center's Tour page: the events with their slots and seats, upcoming first (the
 * completed ones folded away, the latest first), where operators announce events, add, move,
 * close and reopen slots, change capacities and prices, and read the tour's history.
 */
export function TourPage() {
  const t = useAdminText();
  const intl = useIntl();
  const { sessionExpired } = useAdminFailure();
  const live = useLiveChanges(true, 'tour');
  const tour = useTour(!live);
  const titleId = useId();
  const [announcing, setAnnouncing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);

  useEffect(() => {
    if (isUnauthorized(tour.error)) sessionExpired();
  }, [tour.error, sessionExpired]);

  const events = useMemo(() => tour.data?.events ?? [], [tour.data]);
  const upcoming = useMemo(
    () => events.filter((event) => event.status !== 'completed').sort(byDate),
    [events],
  );
  const completed = useMemo(
    () => events.filter((event) => event.status === 'completed').sort((a, b) => byDate(b, a)),
    [events],
  );
  const currency = tour.data?.currency ?? 'RON';

  return (
    <div className="command-center tour-page">
      <header className="command-center__head">
        <div>
          <h1 id={titleId}>{t('admin.tour.title')}</h1>
          <p className="command-center__count" aria-live="polite">
            {tour.data && (
              <strong>
                {t('admin.tour.count', { upcoming: upcoming.length, completed: completed.length })}
              </strong>
            )}
          </p>
          {tour.dataUpdatedAt > 0 && (
            <p className="muted command-center__updated">
              {t('admin.dashboard.updated', {
                time: intl.formatTime(tour.dataUpdatedAt, { timeStyle: 'medium' }),
              })}
            </p>
          )}
        </div>
      </header>

      <div className="tour-page__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => setAnnouncing(true)}
          disabled={!tour.data}
        >
          {t('admin.tour.announce.open')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => setHistoryOpen(true)}>
          {t('admin.tour.history.open')}
        </button>
      </div>

      {tour.isError && !isUnauthorized(tour.error) && (
        <p className="notice notice--error" role="alert">
          {t('admin.tour.loadError')}
        </p>
      )}

      {tour.isPending ? (
        <div className="tour-page__skeleton" role="status" aria-live="polite">
          <span className="visually-hidden">{t('admin.tour.loading')}</span>
          {[0, 1].map((index) => (
            <div key={index} className="admin-panel">
              <Skeleton width="40%" />
              <Skeleton width="70%" />
              <Skeleton />
              <Skeleton width="85%" />
            </div>
          ))}
        </div>
      ) : tour.data ? (
        <>
          <section className="admin-panel" aria-labelledby={`${titleId}-upcoming`}>
            <h2 id={`${titleId}-upcoming`}>{t('admin.tour.upcoming')}</h2>
            {upcoming.length === 0 ? (
              <p>{t('admin.tour.noUpcoming')}</p>
            ) : (
              <TourEvents shown={upcoming} currency={currency} tourEvents={events} />
            )}
          </section>
          {completed.length > 0 && (
            <details className="admin-panel tour-page__completed">
              <summary>
                <h2>{t('admin.tour.completed', { count: completed.length })}</h2>
              </summary>
              <TourEvents shown={completed} currency={currency} tourEvents={events} />
            </details>
          )}
        </>
      ) : null}

      {announcing && <EventFormDialog currency={currency} onClose={() => setAnnouncing(false)} />}
      {historyOpen && (
        <TourHistoryDrawer
          event={null}
          title={t('admin.tour.history.title')}
          currency={currency}
          tourEvents={events}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </div>
  );
}

/** The cards of some of the tour's events (`tourEvents`: all of them, for the slots' names). */
function TourEvents({
  shown,
  currency,
  tourEvents,
}: {
  shown: TourEventAdmin[];
  currency: string;
  tourEvents: TourEventAdmin[];
}) {
  return (
    <div className="tour-events">
      {shown.map((event) => (
        <TourEventCard key={event.slug} event={event} currency={currency} tourEvents={tourEvents} />
      ))}
    </div>
  );
}

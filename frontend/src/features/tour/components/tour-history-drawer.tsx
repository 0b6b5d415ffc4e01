import { useIntl } from 'react-intl';
import { formatPrice } from '../../../lib/money';
import { useTourHistory } from '../api/get-tour-history';
import type { TourEventAdmin } from '../api/get-tour';
import type { TourHistoryEntry } from '../api/get-tour-history';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { historyActor } from '../../../lib/admin-session/history-details';
import { actorNameShown } from '../../../lib/admin-session/operator-display';
import { tourDetails, tourEntryType } from '../model/tour-history';
import { localCity } from '../../../lib/admin-session/tour-names';
import type { TourDetail } from '../model/tour-history';
import { FieldError } from '../../../components/field';
import { HistoryFrame } from '../../../lib/admin-session/history-frame';

/**
 * The tour's history, newest first, a page at a time: every announcement, slot, capacity, price
 * and status change, by whom and when. One event's (`event`) or the whole tour's.
 */
export function TourHistoryDrawer({
  event,
  title,
  currency,
  tourEvents,
  onClose,
}: {
  event: string | null;
  title: string;
  currency: string;
  tourEvents: TourEventAdmin[];
  onClose: () => void;
}) {
  const t = useAdminText();
  const history = useTourHistory(event, true);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <HistoryFrame
      title={title}
      description={t('admin.tour.history.description')}
      onClose={onClose}
      error={history.error}
      state={
        history.isPending
          ? 'loading'
          : history.isError && entries.length === 0
            ? 'failed'
            : entries.length === 0
              ? 'empty'
              : 'shown'
      }
    >
      <ol className="history-list">
        {entries.map((entry) => (
          <TourHistoryItem
            key={entry.position}
            entry={entry}
            currency={currency}
            tourEvents={tourEvents}
            showEvent={event === null}
          />
        ))}
      </ol>
      {history.isFetchNextPageError && <FieldError alert>{t('admin.history.error')}</FieldError>}
      {history.hasNextPage && (
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? t('admin.history.loading') : t('admin.tour.history.older')}
        </button>
      )}
    </HistoryFrame>
  );
}

function TourHistoryItem({
  entry,
  currency,
  tourEvents,
  showEvent,
}: {
  entry: TourHistoryEntry;
  currency: string;
  tourEvents: TourEventAdmin[];
  showEvent: boolean;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const typeKey = tourEntryType(entry.type);
  const typeLabel = typeKey ? t(typeKey) : entry.type;
  const actor = historyActor(entry.actor);
  const at = new Date(entry.at);
  const tourEvent = tourEvents.find((candidate) => candidate.slug === entry.event);
  const details = tourDetails(entry.type, entry.details);
  const named = (entry.details as Record<string, unknown>).currency;
  const entryCurrency = typeof named === 'string' ? named : (tourEvent?.currency ?? currency);

  const shown = (detail: TourDetail): string => {
    const { value } = detail;
    switch (value.kind) {
      case 'yesNo':
        return value.value ? t('admin.yes') : t('admin.no');
      case 'money':
        // In the currency the fact names, else the event's (a price changed alone), else the tour's.
        return formatPrice(value.minor, entryCurrency, intl.locale);
      case 'message':
        return t(value.key);
      case 'instant':
        // Where the event takes place, as the Tour page shows its slots.
        return intl.formatDate(value.iso, {
          dateStyle: 'medium',
          timeStyle: 'short',
          ...(tourEvent ? { timeZone: tourEvent.timeZone } : {}),
        });
      default:
        return value.text;
    }
  };

  return (
    <li className="history-item">
      <p className="history-item__type">
        <strong>{typeLabel}</strong>
        {typeKey && <span className="history-item__raw"> ({entry.type})</span>}
      </p>
      <p className="history-item__meta">
        {showEvent && (
          <>
            {tourEvent
              ? localCity(tourEvent, intl.locale)
              : entry.event || t('admin.tour.history.wholeTour')}{' '}
            ·{' '}
          </>
        )}
        <time dateTime={entry.at}>
          {Number.isNaN(at.getTime())
            ? entry.at
            : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' })}
        </time>{' '}
        ·{' '}
        {t('admin.history.by', {
          actor: entry.actorName
            ? actorNameShown(entry.actorName, t)
            : actor.key
              ? t(actor.key)
              : actor.raw,
        })}
      </p>
      {details.length === 0 ? (
        <p className="muted">{t('admin.history.noDetails')}</p>
      ) : (
        <dl className="history-item__details">
          {details.map((detail) => (
            <div key={detail.path}>
              <dt>
                {detail.label ? t(detail.label) : detail.path}
                {detail.label &&
                  detail.path.includes('.') &&
                  !detail.path.startsWith('localised.') && (
                    <span className="history-item__raw"> ({detail.path})</span>
                  )}
              </dt>
              <dd>{shown(detail)}</dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

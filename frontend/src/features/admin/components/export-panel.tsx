import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toast';
import { apiUrl } from '../../../lib/api-client';
import { useEvents } from '../../../lib/catalogue';
import type { SlotTotals } from '../api/get-registration-page';
import { useAdminText } from '../hooks/use-admin-text';
import type { AdminText } from '../hooks/use-admin-text';
import { countInScope, exportFileName } from '../model/csv-export';
import type { CsvLabels, ExportScope } from '../model/csv-export';
import { downloadFromServer } from '../model/download-file';
import { eventName } from './event-name';

export function csvLabels(t: AdminText): CsvLabels {
  return {
    headers: [
      t('admin.csv.name'),
      t('admin.csv.userId'),
      t('admin.csv.email'),
      t('admin.csv.phone'),
      t('admin.csv.event'),
      t('admin.csv.time'),
      t('admin.csv.registered'),
      t('admin.csv.dreamed'),
      t('admin.csv.dream'),
    ],
    yes: t('admin.yes'),
    no: t('admin.no'),
    unknownName: t('admin.row.unknownName'),
  };
}

/** The address of the server's streamed CSV file for a scope, in the operator's words. */
export function exportUrl(
  scope: ExportScope,
  labels: CsvLabels,
  language: 'en' | 'it' | 'ro',
): string {
  return apiUrl('/api/admin/registrations/export', {
    ...(scope.kind === 'all' ? {} : { event: scope.event }),
    ...(scope.kind === 'slot' ? { time: scope.time } : {}),
    column: [...labels.headers],
    yes: labels.yes,
    no: labels.no,
    unknownName: labels.unknownName,
    // The server names each event's city in the operator's language.
    language,
  });
}

/**
 * The three CSV exports of SPEC section 9, written and streamed by the server; the counts come
 * from the slots' totals.
 */
export function ExportPanel({
  slots,
  total,
  download = downloadFromServer,
}: {
  slots: SlotTotals[];
  total: number;
  download?: (fileName: string, url: string) => void;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const toast = useToast();
  const eventSelectId = useId();
  const slotSelectId = useId();

  // Every event and slot of the tour, and any others the seat counts name, so an export of an
  // event or slot without registrations can say so.
  const tour = useEvents();
  const events = useMemo(
    () => [
      ...new Set([
        ...slots.map((slot) => slot.event),
        ...(tour.data ?? []).map((event) => event.slug),
      ]),
    ],
    [slots, tour.data],
  );
  const [chosenEvent, setChosenEvent] = useState('');
  const event = events.includes(chosenEvent) ? chosenEvent : (events[0] ?? '');
  const times = useMemo(
    () => [
      ...new Set([
        ...slots.filter((slot) => slot.event === event).map((slot) => slot.time),
        ...((tour.data ?? []).find((candidate) => candidate.slug === event)?.slots ?? []).map(
          (slot) => slot.time,
        ),
      ]),
    ],
    [slots, tour.data, event],
  );
  const [chosenTime, setChosenTime] = useState('');
  const time = times.includes(chosenTime) ? chosenTime : (times[0] ?? '');

  function exportScope(scope: ExportScope) {
    if (total === 0) {
      toast({
        title: t('admin.toast.noData.title'),
        description: t('admin.toast.noData.description'),
        variant: 'destructive',
      });
      return;
    }
    const { confirmed, waiting } = countInScope(slots, scope);
    if (confirmed + waiting === 0) {
      const eventLabel =
        scope.kind === 'all' ? '' : eventName(t, scope.event, tour.data, intl.locale);
      toast({
        title: t('admin.toast.noRegistrations.title'),
        description:
          scope.kind === 'slot'
            ? t('admin.toast.noRegistrations.slot', { event: eventLabel, time: scope.time })
            : t('admin.toast.noRegistrations.event', { event: eventLabel }),
        variant: 'destructive',
      });
      return;
    }
    const fileName = exportFileName(
      scope.kind === 'all'
        ? []
        : scope.kind === 'event'
          ? [scope.event]
          : [scope.event, scope.time],
      new Date(),
    );
    const language = intl.locale === 'it' || intl.locale === 'ro' ? intl.locale : 'en';
    download(fileName, exportUrl(scope, csvLabels(t), language));
    toast({
      title: t('admin.toast.exported.title'),
      description: t('admin.toast.exported.description', {
        count: confirmed + waiting,
        confirmed,
        waiting,
        file: fileName,
      }),
    });
  }

  return (
    <section className="admin-panel export-panel" aria-labelledby={`${eventSelectId}-title`}>
      <h2 id={`${eventSelectId}-title`}>{t('admin.export.title')}</h2>
      <div className="export-panel__row">
        <button
          type="button"
          className="button button--small"
          onClick={() => exportScope({ kind: 'all' })}
        >
          {t('admin.export.all')}
        </button>
      </div>
      <div className="export-panel__row">
        <div className="field field--inline">
          <label htmlFor={eventSelectId}>{t('admin.export.event')}</label>
          <select
            id={eventSelectId}
            value={event}
            onChange={(change) => setChosenEvent(change.target.value)}
            disabled={events.length === 0}
          >
            {events.map((slug) => (
              <option key={slug} value={slug}>
                {eventName(t, slug, tour.data, intl.locale)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--small"
          onClick={() => exportScope({ kind: 'event', event })}
        >
          {t('admin.export.eventButton')}
        </button>
      </div>
      <div className="export-panel__row">
        <div className="field field--inline">
          <label htmlFor={slotSelectId}>{t('admin.export.slot')}</label>
          <select
            id={slotSelectId}
            value={time}
            onChange={(change) => setChosenTime(change.target.value)}
            disabled={times.length === 0}
          >
            {times.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--small"
          onClick={() => exportScope({ kind: 'slot', event, time })}
        >
          {t('admin.export.slotButton')}
        </button>
      </div>
    </section>
  );
}

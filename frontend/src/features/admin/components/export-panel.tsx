import { useId, useMemo, useState } from 'react';
import { useToast } from '../../../components/toast';
import { useEvents } from '../../../lib/catalogue';
import type { AdminRegistration } from '../api/admin-registration';
import { useAdminText } from '../hooks/use-admin-text';
import type { AdminText } from '../hooks/use-admin-text';
import { exportFileName, registrationsCsv, registrationsInScope } from '../model/csv-export';
import type { CsvLabels, ExportScope } from '../model/csv-export';
import { downloadTextFile } from '../model/download-file';
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
    eventName: (slug) => eventName(t, slug),
  };
}

/** The three CSV exports of SPEC section 9, written in the browser. */
export function ExportPanel({
  registrations,
  download = downloadTextFile,
}: {
  registrations: AdminRegistration[];
  download?: (fileName: string, text: string) => void;
}) {
  const t = useAdminText();
  const toast = useToast();
  const eventSelectId = useId();
  const slotSelectId = useId();

  // Every event and slot of the tour, and any others the registrations name, so an export of an
  // event or slot without registrations can say so.
  const tour = useEvents();
  const events = useMemo(
    () => [
      ...new Set([
        ...registrations.map((registration) => registration.event),
        ...(tour.data ?? []).map((event) => event.slug),
      ]),
    ],
    [registrations, tour.data],
  );
  const [chosenEvent, setChosenEvent] = useState('');
  const event = events.includes(chosenEvent) ? chosenEvent : (events[0] ?? '');
  const times = useMemo(
    () => [
      ...new Set([
        ...registrations.filter((r) => r.event === event).map((r) => r.time),
        ...((tour.data ?? []).find((candidate) => candidate.slug === event)?.slots ?? []).map(
          (slot) => slot.time,
        ),
      ]),
    ],
    [registrations, tour.data, event],
  );
  const [chosenTime, setChosenTime] = useState('');
  const time = times.includes(chosenTime) ? chosenTime : (times[0] ?? '');

  function exportScope(scope: ExportScope) {
    if (registrations.length === 0) {
      toast({
        title: t('admin.toast.noData.title'),
        description: t('admin.toast.noData.description'),
        variant: 'destructive',
      });
      return;
    }
    const rows = registrationsInScope(registrations, scope);
    if (rows.length === 0) {
      const eventLabel = scope.kind === 'all' ? '' : eventName(t, scope.event);
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
    download(fileName, registrationsCsv(rows, csvLabels(t)));
    const waiting = rows.filter((registration) => registration.waitingList).length;
    toast({
      title: t('admin.toast.exported.title'),
      description: t('admin.toast.exported.description', {
        count: rows.length,
        confirmed: rows.length - waiting,
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
                {eventName(t, slug)}
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

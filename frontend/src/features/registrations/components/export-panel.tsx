import { useId, useMemo, useState } from 'react';
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toast';
import { apiUrl } from '../../../lib/api-client';
import { useEvents } from '../../../lib/catalogue';
import { fetchRegistrationPage } from '../api/get-registration-page';
import type { RegistrationFilter, SlotTotals } from '../api/get-registration-page';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useSlotName } from '../hooks/use-slot-name';
import type { AdminText } from '../../../lib/admin-session/use-admin-text';
import { exportFileName, scopeFilter } from '../model/csv-export';
import type { CsvLabels, ExportScope } from '../model/csv-export';
import { downloadFromServer } from '../model/download-file';
import { SelectField } from '../../../components/field';
import { eventName } from '../../../lib/admin-session/place-names';

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
      t('admin.csv.status'),
      t('admin.csv.paid'),
      t('admin.csv.language'),
      t('admin.csv.sharedDreams'),
      t('admin.csv.door'),
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
    ...(scope.kind === 'view' ? scope.filter : {}),
    ...(scope.kind === 'event' || scope.kind === 'slot' ? { event: scope.event } : {}),
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
 * The three CSV exports of SPEC section 9, and the export of what the list shows (its search and
 * filters), written and streamed by the server. The toast's count is the file's row count: the
 * server's count of the same filter (`matched`) for the view, and for an event or a slot the
 * list's count of that filter, asked before the file is.
 */
export function ExportPanel({
  slots,
  total,
  view,
  download = downloadFromServer,
  countRows = countMatching,
}: {
  slots: SlotTotals[];
  /** Every registration in the list. */
  total: number;
  /** The list's search and filters when any is set, and how many match (null: over 10,000). */
  view?: { filter: RegistrationFilter; count: number | null };
  download?: (fileName: string, url: string) => void;
  countRows?: (filter: RegistrationFilter) => Promise<number | null>;
}) {
  const t = useAdminText();
  const intl = useIntl();
  const toast = useToast();
  const { fail } = useAdminFailure();
  const eventSelectId = useId();
  const slotSelectId = useId();

  // Every event and slot of the tour, and any others the seat counts name, so an export of an
  // event or slot without registrations can say so.
  const tour = useEvents();
  const nameSlot = useSlotName();
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

  async function exportScope(scope: ExportScope) {
    if (total === 0) {
      toast({
        title: t('admin.toast.noData.title'),
        description: t('admin.toast.noData.description'),
        variant: 'destructive',
      });
      return;
    }
    let count: number | null;
    try {
      count =
        scope.kind === 'all'
          ? total
          : scope.kind === 'view'
            ? (view?.count ?? null)
            : await countRows(scopeFilter(scope));
    } catch (error) {
      fail(error, 'admin.toast.exportFailed.title', t('admin.toast.exportFailed.description'));
      return;
    }
    if (count === 0) {
      const eventLabel =
        scope.kind === 'event' || scope.kind === 'slot'
          ? eventName(t, scope.event, tour.data, intl.locale)
          : '';
      toast({
        title: t('admin.toast.noRegistrations.title'),
        description:
          scope.kind === 'slot'
            ? t('admin.toast.noRegistrations.slot', {
                event: eventLabel,
                time: nameSlot(scope.event, scope.time),
              })
            : scope.kind === 'event'
              ? t('admin.toast.noRegistrations.event', { event: eventLabel })
              : t('admin.dashboard.noMatch'),
        variant: 'destructive',
      });
      return;
    }
    const fileName = exportFileName(
      scope.kind === 'all'
        ? []
        : scope.kind === 'view'
          ? ['view']
          : scope.kind === 'event'
            ? [scope.event]
            : [scope.event, scope.time],
      new Date(),
    );
    const language = intl.locale === 'it' || intl.locale === 'ro' ? intl.locale : 'en';
    download(fileName, exportUrl(scope, csvLabels(t), language));
    toast({
      title: t('admin.toast.exported.title'),
      description:
        count === null
          ? t('admin.toast.exportedMany.description', { count: 10_000, file: fileName })
          : t('admin.toast.exportedRows.description', { count, file: fileName }),
    });
  }

  return (
    <section className="admin-panel export-panel" aria-labelledby={`${eventSelectId}-title`}>
      <h2 id={`${eventSelectId}-title`}>{t('admin.export.title')}</h2>
      <div className="export-panel__row">
        <button
          type="button"
          className="button button--small"
          onClick={() => void exportScope({ kind: 'all' })}
        >
          {t('admin.export.all')}
        </button>
        <span className="muted">{t('admin.export.allHint')}</span>
      </div>
      {view && (
        <div className="export-panel__row">
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => void exportScope({ kind: 'view', filter: view.filter })}
          >
            {t('admin.export.view')}
          </button>
          <span className="muted">
            {t('admin.export.viewHint', {
              count: view.count ?? intl.formatNumber(10_000) + '+',
            })}
          </span>
        </div>
      )}
      <ExportRow
        id={eventSelectId}
        label={t('admin.export.event')}
        value={event}
        onChange={setChosenEvent}
        disabled={events.length === 0}
        options={events.map((slug) => ({
          value: slug,
          label: eventName(t, slug, tour.data, intl.locale),
        }))}
        exportLabel={t('admin.export.eventButton')}
        onExport={() => void exportScope({ kind: 'event', event })}
      />
      <ExportRow
        id={slotSelectId}
        label={t('admin.export.slot')}
        value={time}
        onChange={setChosenTime}
        disabled={times.length === 0}
        options={times.map((slot) => ({ value: slot, label: nameSlot(event, slot) }))}
        exportLabel={t('admin.export.slotButton')}
        onExport={() => void exportScope({ kind: 'slot', event, time })}
      />
    </section>
  );
}

/** A choice (an event, a slot) and the button that exports what is chosen. */
function ExportRow({
  exportLabel,
  onExport,
  ...choice
}: Omit<ComponentProps<typeof SelectField>, 'className'> & {
  exportLabel: string;
  onExport: () => void;
}) {
  return (
    <div className="export-panel__row">
      <SelectField className="field--inline" {...choice} />
      <button type="button" className="button button--small" onClick={onExport}>
        {exportLabel}
      </button>
    </div>
  );
}

/** How many rows the export of a filter writes: the list's own count of it (null past 10,000). */
async function countMatching(filter: RegistrationFilter): Promise<number | null> {
  const page = await fetchRegistrationPage(filter, undefined, 1);
  return page.matchedCapped ? null : (page.matched ?? 0);
}

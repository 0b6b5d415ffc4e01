import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useEvents } from '../../../lib/catalogue';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useRegistrationPages } from '../api/get-registration-page';
import { useRegistrationsPerDay } from '../api/get-registrations-per-day';
import type { RegistrationFilter } from '../api/get-registration-page';
import { useLiveChanges } from '../../../lib/admin-session/live-changes';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminSession } from '../../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useSlotName } from '../hooks/use-slot-name';
import { AdminCharts } from './admin-charts';
import { NextEvenings } from './next-evenings';
import { nextEvenings } from '../model/next-evenings';
import { eventName } from '../../../lib/admin-session/place-names';
import { ExportPanel } from './export-panel';
import { RegistrationFeed } from './registration-feed';
import { SlotTotalsList } from './slot-totals-list';
import { Field, SelectField } from '../../../components/field';
import './registrations.css';
import { SEARCH_MAX_LENGTH } from '../../../lib/console-bounds';

type StatusFilter = 'all' | NonNullable<RegistrationFilter['status']>;

/** Every status filter, in the order the select offers them, with its label. */
const STATUS_FILTERS = {
  confirmed: 'admin.filter.confirmed',
  waiting: 'admin.filter.waiting',
  held: 'admin.filter.held',
  offered: 'admin.filter.offered',
  cancelled: 'admin.filter.cancelled',
  released: 'admin.filter.released',
  refunded: 'admin.filter.refunded',
} as const satisfies Record<Exclude<StatusFilter, 'all'>, string>;

/**
 * The Command Center: the registrations a page at a time from the server, searched and filtered
 * there, kept current by the live stream of the event log, with the operator's controls.
 */
export function Dashboard() {
  const t = useAdminText();
  const intl = useIntl();
  const { sessionExpired } = useAdminFailure();
  const { permissions } = useAdminSession();
  const tour = useEvents();
  const nameSlot = useSlotName();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [event, setEvent] = useState('');
  const [time, setTime] = useState('');
  const searchId = useId();
  const statusId = useId();
  const eventId = useId();
  const timeId = useId();
  const titleId = useId();

  // Typing stays responsive: the list follows the search as soon as React has time for it.
  const search = useDeferredValue(query.trim());
  const filter = useMemo<RegistrationFilter>(
    () => ({
      ...(search ? { q: search } : {}),
      ...(status !== 'all' ? { status } : {}),
      ...(event ? { event } : {}),
      ...(event && time ? { time } : {}),
    }),
    [search, status, event, time],
  );
  const live = useLiveChanges(true, 'registrations');
  const pages = useRegistrationPages(filter, !live);
  const perDay = useRegistrationsPerDay();

  useEffect(() => {
    if (isUnauthorized(pages.error)) sessionExpired();
  }, [pages.error, sessionExpired]);

  const first = pages.data?.pages[0];
  const shown = useMemo(
    () => pages.data?.pages.flatMap((page) => page.registrations) ?? [],
    [pages.data],
  );
  const slots = first?.slots;
  const [now] = useState(() => Date.now());
  // The chart shows the slots still to come, as the next evenings list them.
  const upcoming = useMemo(
    () => nextEvenings(slots ?? [], tour.data, now).upcoming,
    [slots, tour.data, now],
  );
  const total = first?.total ?? 0;
  const matched = first?.matched ?? 0;
  // Past 10,000 matches the server stops counting: the feed's size is then unknown.
  const capped = first?.matchedCapped === true;
  // Counted by the server from the rows' own statuses, under the search, event and slot.
  const counts = first?.statusCounts;
  const filtered = Object.keys(filter).length > 0;

  // Every event and slot of the tour, and any others the seat counts name.
  const events = useMemo(
    () => [
      ...new Set([
        ...(tour.data ?? []).map((candidate) => candidate.slug),
        ...(slots ?? []).map((slot) => slot.event),
      ]),
    ],
    [tour.data, slots],
  );
  const times = useMemo(
    () => [
      ...new Set([
        ...((tour.data ?? []).find((candidate) => candidate.slug === event)?.slots ?? []).map(
          (slot) => slot.time,
        ),
        ...(slots ?? []).filter((slot) => slot.event === event).map((slot) => slot.time),
      ]),
    ],
    [tour.data, slots, event],
  );

  return (
    <div className="command-center">
      <header className="command-center__head">
        <div>
          <h1 id={titleId}>{t('admin.dashboard.title')}</h1>
          <p className="command-center__count" aria-live="polite">
            <strong>{t('admin.dashboard.count', { count: total })}</strong>
            {counts && (
              <span className="muted">
                {' '}
                {t('admin.dashboard.breakdownAll', {
                  confirmed: counts.confirmed,
                  held: counts.held + counts.offered,
                  waiting: counts.waiting,
                })}
              </span>
            )}
          </p>
          {pages.dataUpdatedAt > 0 && (
            <p className="muted command-center__updated">
              {t('admin.dashboard.updated', {
                time: intl.formatTime(pages.dataUpdatedAt, { timeStyle: 'medium' }),
              })}
            </p>
          )}
        </div>
      </header>

      {pages.isError && !isUnauthorized(pages.error) && (
        <p className="notice notice--error" role="alert">
          {t('admin.dashboard.loadError')}
        </p>
      )}

      <NextEvenings slots={slots ?? []} />

      <AdminCharts days={perDay.data} slots={upcoming} />

      <section className="admin-panel" aria-labelledby={`${titleId}-list`}>
        <h2 id={`${titleId}-list`}>{t('admin.dashboard.registrations')}</h2>
        <SlotTotalsList slots={slots ?? []} />
        <div className="command-center__filters" role="search">
          <Field id={searchId} label={t('admin.search.label')}>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(change) => setQuery(change.target.value)}
              autoComplete="off"
              maxLength={SEARCH_MAX_LENGTH}
            />
          </Field>
          <SelectField
            id={statusId}
            label={t('admin.filter.label')}
            value={status}
            onChange={(value) => setStatus(value as StatusFilter)}
            options={(['all', ...Object.keys(STATUS_FILTERS)] as StatusFilter[]).map((value) => {
              const label = t(value === 'all' ? 'admin.filter.all' : STATUS_FILTERS[value]);
              return {
                value,
                label: counts ? t('admin.filter.option', { label, count: counts[value] }) : label,
              };
            })}
          />
          <SelectField
            id={eventId}
            label={t('admin.filter.event')}
            value={event}
            onChange={(value) => {
              setEvent(value);
              setTime('');
            }}
            options={[
              { value: '', label: t('admin.filter.allEvents') },
              ...events.map((slug) => ({
                value: slug,
                label: eventName(t, slug, tour.data, intl.locale),
              })),
            ]}
          />
          <SelectField
            id={timeId}
            label={t('admin.filter.slot')}
            value={time}
            onChange={setTime}
            disabled={!event}
            options={[
              { value: '', label: t('admin.filter.allSlots') },
              ...times.map((slot) => ({ value: slot, label: nameSlot(event, slot) })),
            ]}
          />
        </div>
        <p className="muted" aria-live="polite" aria-atomic="true">
          {pages.isPending || !filtered
            ? ''
            : t(capped ? 'admin.dashboard.showingMore' : 'admin.dashboard.showing', {
                shown: matched,
                total,
              })}
        </p>
        {pages.isPending ? (
          <p role="status">{t('admin.dashboard.loading')}</p>
        ) : total === 0 && !filtered ? (
          <p>{t('admin.dashboard.empty')}</p>
        ) : shown.length === 0 ? (
          <p>{t('admin.dashboard.noMatch')}</p>
        ) : (
          <RegistrationFeed
            registrations={shown}
            setSize={capped ? undefined : (first?.matched ?? undefined)}
            hasMore={pages.hasNextPage}
            loadingMore={pages.isFetchingNextPage}
            loadMore={() => void pages.fetchNextPage()}
            labelledBy={`${titleId}-list`}
            listKey={JSON.stringify(filter)}
          />
        )}
      </section>

      {permissions.has('exports') && (
        <ExportPanel
          slots={slots ?? []}
          total={total}
          view={filtered ? { filter, count: capped ? null : matched } : undefined}
        />
      )}
    </div>
  );
}

import { useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/field';
import { useEvents } from '../../../lib/catalogue';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useLiveChanges } from '../../../lib/admin-session/live-changes';
import { usePlaceNames } from '../../../lib/admin-session/place-names';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useActivityPages, type ActivityFilter, type ActivityKind } from '../api/get-activity';
import { ACTIVITY_KINDS, activitySentence, kindLabel } from '../model/activity-words';
import './activity.css';

/**
 * The log as a person reads it: each change in a sentence (who did what to whom) with its
 * time, newest first, a page at a time, filtered by operator, kind and slot on the server, and
 * kept current by the live stream of the log.
 */
export function ActivityPage() {
  const t = useAdminText();
  const intl = useIntl();
  const names = usePlaceNames();
  const tour = useEvents();
  const { sessionExpired } = useAdminFailure();
  const [operator, setOperator] = useState('');
  const [kind, setKind] = useState('');
  const [event, setEvent] = useState('');
  const [time, setTime] = useState('');
  const titleId = useId();
  const ids = { operator: useId(), kind: useId(), event: useId(), time: useId() };

  const filter = useMemo<ActivityFilter>(
    () => ({
      ...(operator ? { operator } : {}),
      ...(kind ? { type: kind as ActivityKind } : {}),
      ...(event ? { event } : {}),
      ...(event && time ? { time } : {}),
    }),
    [operator, kind, event, time],
  );
  const live = useLiveChanges(true, 'activity');
  const pages = useActivityPages(filter, !live);

  useEffect(() => {
    if (isUnauthorized(pages.error)) sessionExpired();
  }, [pages.error, sessionExpired]);

  const entries = useMemo(
    () => pages.data?.pages.flatMap((page) => page.events) ?? [],
    [pages.data],
  );

  // The operators the log has shown so far (and the owner), by the names it gives them.
  const [operators, setOperators] = useState<ReadonlyMap<string, string>>(
    () => new Map([['owner', t('admin.activity.owner')]]),
  );
  const seen = entries.filter(
    (entry) => entry.operatorId && entry.operatorId !== 'owner' && !operators.has(entry.operatorId),
  );
  if (seen.length > 0) {
    const next = new Map(operators);
    for (const entry of seen) next.set(entry.operatorId!, entry.actorName ?? entry.operatorId!);
    setOperators(next);
  }

  const kinds = useMemo(
    () =>
      ACTIVITY_KINDS.map((value) => ({ value, label: t(kindLabel(value)) })).sort((a, b) =>
        a.label.localeCompare(b.label, intl.locale),
      ),
    [t, intl.locale],
  );
  const events = tour.data ?? [];
  const slots = events.find((candidate) => candidate.slug === event)?.slots ?? [];

  return (
    <div className="command-center activity-page">
      <header className="command-center__head">
        <div>
          <h1 id={titleId}>{t('admin.activity.title')}</h1>
          <p className="muted">{t('admin.activity.intro')}</p>
        </div>
      </header>

      <div
        className="command-center__filters"
        role="search"
        aria-label={t('admin.activity.filters')}
      >
        <SelectField
          id={ids.operator}
          label={t('admin.activity.operator')}
          value={operator}
          onChange={setOperator}
          options={[
            { value: '', label: t('admin.activity.anyOperator') },
            ...[...operators].map(([value, label]) => ({ value, label })),
          ]}
        />
        <SelectField
          id={ids.kind}
          label={t('admin.activity.kind')}
          value={kind}
          onChange={setKind}
          options={[{ value: '', label: t('admin.activity.anyKind') }, ...kinds]}
        />
        <SelectField
          id={ids.event}
          label={t('admin.filter.event')}
          value={event}
          onChange={(value) => {
            setEvent(value);
            setTime('');
          }}
          options={[
            { value: '', label: t('admin.filter.allEvents') },
            ...events.map((candidate) => ({
              value: candidate.slug,
              label: names.event(candidate.slug),
            })),
          ]}
        />
        <SelectField
          id={ids.time}
          label={t('admin.filter.slot')}
          value={time}
          onChange={setTime}
          disabled={!event}
          options={[
            { value: '', label: t('admin.filter.allSlots') },
            ...slots.map((slot) => ({ value: slot.time, label: names.slot(event, slot.time) })),
          ]}
        />
      </div>

      {pages.isError && !isUnauthorized(pages.error) && (
        <p className="notice notice--error" role="alert">
          {t('admin.activity.loadError')}
        </p>
      )}
      <p className="muted" aria-live="polite" aria-atomic="true">
        {pages.isPending ? '' : t('admin.activity.shown', { count: entries.length })}
      </p>
      {pages.isPending ? (
        <p role="status">{t('admin.activity.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('admin.activity.empty')}</p>
      ) : (
        <ol className="activity-list" aria-label={t('admin.activity.list')}>
          {entries.map((entry) => (
            <li key={entry.position} className="activity-entry">
              <p className="activity-entry__sentence">
                {activitySentence(entry, t, names, intl.locale)}
              </p>
              <p className="activity-entry__when muted">
                <time dateTime={entry.recordedAt}>
                  {intl.formatDate(entry.recordedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          className="button button--ghost activity-page__older"
          onClick={() => void pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {t(pages.isFetchingNextPage ? 'admin.activity.loadingOlder' : 'admin.activity.older')}
        </button>
      )}
    </div>
  );
}

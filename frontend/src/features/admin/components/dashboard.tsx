import { useEffect, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../../../components/toast';
import { isUnauthorized } from '../api/admin-request';
import { useAdminCapacity } from '../api/get-capacity';
import { useRegistrations } from '../api/get-registrations';
import { useLogout } from '../api/logout';
import { useAdminFailure } from '../hooks/use-admin-feedback';
import { useAdminSession } from '../hooks/use-admin-session';
import { useAdminText } from '../hooks/use-admin-text';
import { filterRegistrations } from '../model/registration-search';
import type { StatusFilter } from '../model/registration-search';
import { groupBySlot } from '../model/slot-grouping';
import { AdminCharts } from './admin-charts';
import { ExportPanel } from './export-panel';
import { SlotGroupSection } from './slot-group-section';

/** The Command Center: every registration, always current, with the operator's controls. */
export function Dashboard() {
  const t = useAdminText();
  const intl = useIntl();
  const toast = useToast();
  const { signOut } = useAdminSession();
  const { sessionExpired } = useAdminFailure();
  const registrations = useRegistrations(true);
  const capacity = useAdminCapacity(true);
  const logout = useLogout();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const searchId = useId();
  const statusId = useId();
  const titleId = useId();

  useEffect(() => {
    if (isUnauthorized(registrations.error)) sessionExpired();
  }, [registrations.error, sessionExpired]);

  const all = useMemo(() => registrations.data ?? [], [registrations.data]);
  const shown = useMemo(() => filterRegistrations(all, query, status), [all, query, status]);
  const groups = useMemo(() => groupBySlot(shown, capacity.data), [shown, capacity.data]);
  const waiting = all.filter((registration) => registration.waitingList).length;

  function leave() {
    logout.mutate(undefined, {
      onSettled: () => {
        signOut();
        toast({
          title: t('admin.toast.loggedOut.title'),
          description: t('admin.toast.loggedOut.description'),
        });
      },
    });
  }

  return (
    <div className="command-center">
      <header className="command-center__head">
        <div>
          <h1 id={titleId}>{t('admin.dashboard.title')}</h1>
          <p className="command-center__count" aria-live="polite">
            <strong>{t('admin.dashboard.count', { count: all.length })}</strong>
            <span className="muted">
              {' '}
              {t('admin.dashboard.breakdown', { confirmed: all.length - waiting, waiting })}
            </span>
          </p>
          {registrations.dataUpdatedAt > 0 && (
            <p className="muted command-center__updated">
              {t('admin.dashboard.updated', {
                time: intl.formatTime(registrations.dataUpdatedAt, { timeStyle: 'medium' }),
              })}
            </p>
          )}
        </div>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={leave}
          disabled={logout.isPending}
        >
          {t('admin.dashboard.logout')}
        </button>
      </header>

      {registrations.isError && !isUnauthorized(registrations.error) && (
        <p className="notice notice--error" role="alert">
          {t('admin.dashboard.loadError')}
        </p>
      )}

      <AdminCharts registrations={all} capacity={capacity.data} />

      <section className="admin-panel" aria-labelledby={`${titleId}-list`}>
        <h2 id={`${titleId}-list`}>{t('admin.dashboard.registrations')}</h2>
        <div className="command-center__filters" role="search">
          <div className="field">
            <label htmlFor={searchId}>{t('admin.search.label')}</label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor={statusId}>{t('admin.filter.label')}</label>
            <select
              id={statusId}
              value={status}
              onChange={(event) => setStatus(event.target.value as StatusFilter)}
            >
              <option value="all">{t('admin.filter.all')}</option>
              <option value="waiting">{t('admin.filter.waiting')}</option>
              <option value="confirmed">{t('admin.filter.confirmed')}</option>
            </select>
          </div>
        </div>
        {(query.trim() || status !== 'all') && (
          <p className="muted" aria-live="polite">
            {t('admin.dashboard.showing', { shown: shown.length, total: all.length })}
          </p>
        )}
        {registrations.isPending ? (
          <p role="status">{t('admin.dashboard.loading')}</p>
        ) : all.length === 0 ? (
          <p>{t('admin.dashboard.empty')}</p>
        ) : shown.length === 0 ? (
          <p>{t('admin.dashboard.noMatch')}</p>
        ) : (
          groups.map((group) => <SlotGroupSection key={group.key} group={group} />)
        )}
      </section>

      <ExportPanel registrations={all} />
    </div>
  );
}

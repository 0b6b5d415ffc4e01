import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { usePlaceNames } from '../../../lib/admin-session/place-names';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useSlotList } from '../api/get-slot-list';
import { STATUS_LABEL } from '../model/registration-display';
import './registrations.css';

/**
 * A slot's list as the box office prints it before a show: seat, name, status and check-in,
 * one line each, on A4 (the print stylesheet leaves the console's shell and buttons out).
 */
export function SlotListPage() {
  const t = useAdminText();
  const intl = useIntl();
  const names = usePlaceNames();
  const [search] = useSearchParams();
  const event = search.get('event') ?? '';
  const time = search.get('time') ?? '';
  const list = useSlotList(event, time);
  const { sessionExpired } = useAdminFailure();
  const titleId = useId();

  useEffect(() => {
    if (isUnauthorized(list.error)) sessionExpired();
  }, [list.error, sessionExpired]);

  if (!event || !time) {
    return (
      <div className="command-center slot-list">
        <h1>{t('admin.print.pageTitle')}</h1>
        <p>{t('admin.print.noSlot')}</p>
        <p>
          <Link to="/admin">{t('admin.role.goToLanding')}</Link>
        </p>
      </div>
    );
  }
  const slot = t('admin.landing.slot', {
    event: names.event(event),
    time: names.slot(event, time),
  });
  const people = list.data ?? [];
  return (
    <div className="command-center slot-list">
      <header className="command-center__head slot-list__head">
        <div>
          <h1 id={titleId}>{t('admin.print.title', { slot })}</h1>
          {list.data && (
            <p className="command-center__count">
              {t('admin.print.count', { count: people.length })}
            </p>
          )}
          <p className="slot-list__printed muted">
            {t('admin.print.printedAt', {
              time: intl.formatDate(new Date(), { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </p>
        </div>
        <button
          type="button"
          className="button button--primary slot-list__print"
          onClick={() => window.print()}
          disabled={!list.data}
        >
          {t('admin.print.print')}
        </button>
      </header>
      {list.isError && !isUnauthorized(list.error) ? (
        <p className="notice notice--error" role="alert">
          {t('admin.print.loadError')}
        </p>
      ) : list.isPending ? (
        <p role="status">{t('admin.print.loading')}</p>
      ) : people.length === 0 ? (
        <p>{t('admin.print.empty')}</p>
      ) : (
        <table className="slot-list__table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{t('admin.print.seat')}</th>
              <th scope="col">{t('admin.print.name')}</th>
              <th scope="col">{t('admin.print.status')}</th>
              <th scope="col">{t('admin.print.checkIn')}</th>
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <tr key={person.id}>
                <td>{person.seat ?? '–'}</td>
                <th scope="row">{person.name ?? t('admin.row.unknownName')}</th>
                <td>{t(STATUS_LABEL[person.listedAs])}</td>
                <td>
                  {person.door === 'checked-in' && person.checkedInAt
                    ? t('admin.print.checkedIn', {
                        time: intl.formatTime(person.checkedInAt, { timeStyle: 'short' }),
                      })
                    : person.door === 'no-show'
                      ? t('admin.print.noShow')
                      : person.door === 'not-arrived'
                        ? t('admin.print.notYet')
                        : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

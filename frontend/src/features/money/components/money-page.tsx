import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { toAdminLanguage } from '../../../lib/admin-session/admin-catalogue';
import { useAdminFailure } from '../../../lib/admin-session/use-admin-feedback';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { dateTimeFormat } from '../../../lib/intl-formats';
import {
  ACCOUNTS_CSV_URL,
  useAccounts,
  type CurrencyTotals,
  type StopAccounts,
} from '../api/get-accounts';
import './money.css';

/** A currency's minor unit's decimals (2 for RON and EUR), as Intl knows them. */
function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in its currency's minor unit, written for the operator's language. */
function useMoney() {
  const intl = useIntl();
  return (minor: number, currency: string) =>
    intl.formatNumber(minor / 10 ** minorDigits(currency), { style: 'currency', currency });
}

const COLUMNS = [
  'admin.money.column.currency',
  'admin.money.column.seatsPaid',
  'admin.money.column.gross',
  'admin.money.column.refunded',
  'admin.money.column.net',
  'admin.money.column.inFlight',
  'admin.money.column.fees',
] as const;

/** One line a currency: never a sum across two. */
function TotalsRows({ totals }: { totals: readonly CurrencyTotals[] }) {
  return (
    <>
      {totals.map((line) => (
        <tr key={line.currency}>
          <TotalsCells line={line} />
        </tr>
      ))}
    </>
  );
}

function StopTable({ stop }: { stop: StopAccounts }) {
  const t = useAdminText();
  const intl = useIntl();
  const headingId = useId();
  const city = stop.city[toAdminLanguage(intl.locale)];
  const slotName = (startsAt: string | null, time: string) =>
    startsAt
      ? dateTimeFormat(intl.locale, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: 'numeric',
          minute: '2-digit',
          timeZone: stop.timeZone ?? undefined,
        }).format(new Date(startsAt))
      : time;
  return (
    <section className="admin-panel money-stop" aria-labelledby={headingId}>
      <h2 id={headingId}>{city}</h2>
      <div className="money-table-wrap">
        <table className="money-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.money.column.slot')}</th>
              {COLUMNS.map((column) => (
                <th scope="col" key={column}>
                  {t(column)}
                </th>
              ))}
              <th scope="col">{t('admin.money.column.held')}</th>
            </tr>
          </thead>
          <tbody>
            {stop.slots.map((slot) => {
              const name = slotName(slot.startsAt, slot.time);
              const held = <td>{slot.heldSeats}</td>;
              if (slot.totals.length === 0) {
                return (
                  <tr key={slot.time}>
                    <th scope="row">{name}</th>
                    <td colSpan={COLUMNS.length}>{t('admin.money.nothingYet')}</td>
                    {held}
                  </tr>
                );
              }
              return slot.totals.map((line, index) => (
                <tr key={`${slot.time}-${line.currency}`}>
                  <th scope="row">{index === 0 ? name : ''}</th>
                  <TotalsCells line={line} />
                  {index === 0 ? held : <td />}
                </tr>
              ));
            })}
          </tbody>
          {stop.totals.length > 0 && (
            <tfoot>
              {stop.totals.map((line, index) => (
                <tr key={line.currency}>
                  <th scope="row">{index === 0 ? t('admin.money.stopTotal') : ''}</th>
                  <TotalsCells line={line} />
                  <td />
                </tr>
              ))}
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}

function TotalsCells({ line }: { line: CurrencyTotals }) {
  const t = useAdminText();
  const money = useMoney();
  return (
    <>
      <td>{line.currency}</td>
      <td>{line.seatsPaid}</td>
      <td>{money(line.grossMinor, line.currency)}</td>
      <td>{money(line.refundedMinor, line.currency)}</td>
      <td>
        <strong>{money(line.netMinor, line.currency)}</strong>
      </td>
      <td>
        {line.refundsInFlight === 0
          ? '—'
          : t('admin.money.inFlight', {
              count: line.refundsInFlight,
              amount: money(line.refundsInFlightMinor, line.currency),
            })}
      </td>
      <td>
        {line.feesMinor === null
          ? t('admin.money.feesNotReported')
          : money(line.feesMinor, line.currency)}
      </td>
    </>
  );
}

/**
 * The Money page: the tour's accounts per stop and slot, in each currency apart, the seats held
 * and refunds in flight as pending, and the accountant's CSV.
 */
export function MoneyPage() {
  const t = useAdminText();
  const accounts = useAccounts();
  const { sessionExpired } = useAdminFailure();
  const titleId = useId();
  const totalsId = useId();

  useEffect(() => {
    if (isUnauthorized(accounts.error)) sessionExpired();
  }, [accounts.error, sessionExpired]);

  return (
    <div className="command-center money-page">
      <header className="command-center__head">
        <div>
          <h1 id={titleId}>{t('admin.money.title')}</h1>
          <p className="muted">{t('admin.money.intro')}</p>
        </div>
      </header>
      <p>
        <a className="button button--small" href={ACCOUNTS_CSV_URL} download="accounts.csv">
          {t('admin.money.csv')}
        </a>
      </p>
      {accounts.isPending ? (
        <p role="status">{t('admin.money.loading')}</p>
      ) : accounts.isError ? (
        <p className="notice notice--error" role="alert">
          {t('admin.money.loadError')}
        </p>
      ) : (
        <>
          <section className="admin-panel" aria-labelledby={totalsId}>
            <h2 id={totalsId}>{t('admin.money.tourTotals')}</h2>
            {accounts.data.totals.length === 0 ? (
              <p>{t('admin.money.nothingYet')}</p>
            ) : (
              <div className="money-table-wrap">
                <table className="money-table">
                  <thead>
                    <tr>
                      {COLUMNS.map((column) => (
                        <th scope="col" key={column}>
                          {t(column)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    <TotalsRows totals={accounts.data.totals} />
                  </tbody>
                </table>
              </div>
            )}
          </section>
          {accounts.data.stops.map((stop) => (
            <StopTable key={stop.event} stop={stop} />
          ))}
        </>
      )}
    </div>
  );
}

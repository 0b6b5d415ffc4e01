import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useEvents } from '../../../lib/catalogue';
import { usePlaceNames } from '../../../lib/admin-session/place-names';
import { useAdminSession } from '../../../lib/admin-session/use-admin-session';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import type { SlotTotals } from '../api/get-registration-page';
import { nextEvenings, type EveningSlot } from '../model/next-evenings';

/**
 * The landing's first words: the slots still to come, the soonest first, each with its seats,
 * who waits, who holds a seat unpaid, who came in, and what is still to do (dreams to approve
 * on the sheet, holds not paid); the past slots folded away below them.
 */
export function NextEvenings({ slots }: { slots: readonly SlotTotals[] }) {
  const t = useAdminText();
  const tour = useEvents();
  const titleId = useId();
  // Read once per page: which slots are past does not change while the operator reads them.
  const [now] = useState(() => Date.now());
  const { upcoming, past } = nextEvenings(slots, tour.data, now);
  return (
    <section className="admin-panel next-evenings" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('admin.landing.upcoming')}</h2>
      {upcoming.length === 0 ? (
        <p>{t('admin.landing.none')}</p>
      ) : (
        <ul className="next-evenings__slots">
          {upcoming.map((slot) => (
            <EveningCard key={`${slot.event}\u0000${slot.time}`} slot={slot} />
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details className="next-evenings__past">
          <summary>{t('admin.landing.past', { count: past.length })}</summary>
          <ul className="next-evenings__slots">
            {past.map((slot) => (
              <EveningCard key={`${slot.event}\u0000${slot.time}`} slot={slot} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function EveningCard({ slot }: { slot: EveningSlot }) {
  const t = useAdminText();
  const names = usePlaceNames();
  const { permissions } = useAdminSession();
  const headingId = useId();
  const name = t('admin.landing.slot', {
    event: names.event(slot.event),
    time: names.slot(slot.event, slot.time),
  });
  const seated = slot.seats - slot.held;
  const where = new URLSearchParams({ event: slot.event, time: slot.time }).toString();
  const todo = [
    ...(slot.sheetUnapproved > 0 && permissions.has('sheet')
      ? [
          <Link key="sheet" to={`/admin/sheet?${where}`}>
            {t('admin.landing.todoSheet', { count: slot.sheetUnapproved })}
          </Link>,
        ]
      : slot.sheetUnapproved > 0
        ? [t('admin.landing.todoSheet', { count: slot.sheetUnapproved })]
        : []),
    ...(slot.held > 0 ? [t('admin.landing.todoHolds', { count: slot.held })] : []),
  ];
  const share = Math.min(slot.seats / Math.max(slot.limit, 1), 1);
  return (
    <li className="evening-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="evening-card__name">
        {name}
      </h3>
      <p className="evening-card__seats">
        <strong>{t('admin.landing.seats', { taken: slot.seats, limit: slot.limit })}</strong>
      </p>
      <div className="evening-card__bar" aria-hidden="true">
        <span style={{ width: `${share * 100}%` }} />
      </div>
      <ul className="evening-card__facts">
        <li>{t('admin.landing.waiting', { count: slot.waiting })}</li>
        <li>{t('admin.landing.held', { count: slot.held })}</li>
        <li>{t('admin.landing.checkedIn', { count: slot.checkedIn, seated })}</li>
      </ul>
      <div className="evening-card__todo">
        <h4>{t('admin.landing.todo')}</h4>
        {todo.length === 0 ? (
          <p className="muted">{t('admin.landing.done')}</p>
        ) : (
          <ul>
            {todo.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        )}
      </div>
      <p className="evening-card__actions">
        <Link
          className="button button--small button--ghost"
          to={`/admin/print?${where}`}
          aria-label={t('admin.landing.printOf', { slot: name })}
        >
          {t('admin.landing.print')}
        </Link>
      </p>
    </li>
  );
}

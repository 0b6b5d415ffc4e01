import { useId } from 'react';
import { useAdminText } from '../hooks/use-admin-text';
import type { SlotGroup } from '../model/slot-grouping';
import { eventName } from './event-name';
import { RegistrationCard } from './registration-card';

const BADGE_LABEL = {
  full: 'admin.badge.full',
  almostFull: 'admin.badge.almostFull',
  open: 'admin.badge.open',
} as const;

/** One slot: its heading, its seat badge, and its registrations. */
export function SlotGroupSection({ group }: { group: SlotGroup }) {
  const t = useAdminText();
  const headingId = useId();
  return (
    <section className="slot-group" aria-labelledby={headingId}>
      <header className="slot-group__head">
        <h3 id={headingId}>
          {t('admin.slot.heading', { event: eventName(t, group.event), time: group.timeLabel })}
        </h3>
        <span className={`admin-badge admin-badge--${group.badge}`}>
          {t(BADGE_LABEL[group.badge])}
        </span>
        <span className="slot-group__seats">
          {t('admin.slot.seats', { registered: group.registered, limit: group.limit })}
        </span>
        {group.waiting > 0 && (
          <span className="slot-group__waiting">
            {t('admin.slot.waiting', { count: group.waiting })}
          </span>
        )}
      </header>
      <div className="slot-group__list">
        {group.registrations.map((registration) => (
          <RegistrationCard key={registration.id} registration={registration} />
        ))}
      </div>
    </section>
  );
}

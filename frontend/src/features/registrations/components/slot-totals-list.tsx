import { useIntl } from 'react-intl';
import type { SlotTotals } from '../api/get-registration-page';
import { useAdminText } from '../../../lib/admin-session/use-admin-text';
import { useSlotName } from '../hooks/use-slot-name';
import { slotBadge, type SlotBadge } from '../model/slot-grouping';
import { eventName } from '../../../lib/admin-session/place-names';
import { findSlot, useEvents } from '../../../lib/catalogue';

export const BADGE_LABEL = {
  full: 'admin.badge.full',
  almostFull: 'admin.badge.almostFull',
  open: 'admin.badge.open',
  closed: 'admin.badge.closed',
  past: 'admin.badge.past',
} as const satisfies Record<SlotBadge, string>;

/** Each slot with registrations: its seat badge, seats taken of the limit, and who waits. */
export function SlotTotalsList({ slots }: { slots: SlotTotals[] }) {
  const t = useAdminText();
  const intl = useIntl();
  const events = useEvents();
  const nameSlot = useSlotName();
  const shown = slots.filter((slot) => slot.seats + slot.waiting > 0);
  if (shown.length === 0) return null;
  return (
    <ul className="slot-totals" aria-label={t('admin.slot.list')}>
      {shown.map((slot) => {
        const badge = slotBadge(
          slot.seats,
          slot.limit,
          findSlot(events.data, slot.event, slot.time)?.slot,
        );
        return (
          <li key={`${slot.event}\u0000${slot.time}`} className="slot-totals__slot">
            <span className="slot-totals__name">
              {t('admin.slot.heading', {
                event: eventName(t, slot.event, events.data, intl.locale),
                time: nameSlot(slot.event, slot.time),
              })}
            </span>
            <span className={`admin-badge admin-badge--${badge}`}>{t(BADGE_LABEL[badge])}</span>
            <span className="slot-group__seats">
              {t('admin.slot.seats', { registered: slot.seats, limit: slot.limit })}
            </span>
            {slot.waiting > 0 && (
              <span className="slot-group__waiting">
                {t('admin.slot.waiting', { count: slot.waiting })}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

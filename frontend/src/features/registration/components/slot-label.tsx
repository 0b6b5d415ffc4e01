import { useIntl } from 'react-intl';
import { formatSlotDate, formatSlotTime } from '../../../lib/dates';
import type { CatalogueSlot } from '../../../lib/catalogue';

/** A slot as the visitor reads it: weekday, date and time in their language. */
export function SlotLabel({ slot, timeZone }: { slot: CatalogueSlot; timeZone: string }) {
  const { locale } = useIntl();
  return (
    <span className="slot-label">
      {formatSlotDate(slot.startsAt, locale, timeZone)} ·{' '}
      {formatSlotTime(slot.startsAt, locale, timeZone)}
    </span>
  );
}

import { useIntl } from 'react-intl';
import { formatSlotDate, formatSlotTime } from '../../../lib/dates';
import type { CatalogueSlot } from '../../../lib/catalogue';

/** A slot as the visitor reads it: weekday, date and time in their language. */
export function SlotLabel({ slot }: { slot: CatalogueSlot }) {
  const { locale } = useIntl();
  return (
    <span className="slot-label">
      {formatSlotDate(slot.startsAt, locale)} · {formatSlotTime(slot.startsAt, locale)}
    </span>
  );
}

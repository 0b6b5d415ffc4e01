import { useIntl } from 'react-intl';
import { findSlot, useEvents } from '../../../lib/catalogue';
import { slotName } from '../../../lib/admin-session/place-names';

/** Names a slot of the tour by its current start where its event takes place. */
export function useSlotName(): (event: string, time: string) => string {
  const intl = useIntl();
  const events = useEvents();
  return (event, time) => {
    const found = findSlot(events.data, event, time);
    return slotName(found?.slot, time, intl.locale, found?.event.timeZone);
  };
}

import { FormattedMessage } from 'react-intl';
import type { SlotCapacity } from '../api/get-capacity';

/** Spots left or Full, plus the waiting-list count, for one open slot. */
export function SlotAvailability({
  capacity,
  fullLabelId = 'slot.full',
}: {
  capacity: SlotCapacity | undefined;
  fullLabelId?: string;
}) {
  if (!capacity) return null;
  const full = capacity.available <= 0;
  return (
    <span className="slot-availability">
      <span className={`badge ${full ? 'badge--full' : 'badge--open'}`}>
        {full ? (
          <FormattedMessage id={fullLabelId} />
        ) : (
          <FormattedMessage id="slot.spotsLeft" values={{ count: capacity.available }} />
        )}
      </span>
      <span className="slot-availability__waiting">
        <FormattedMessage id="slot.waitingList" values={{ count: capacity.waitingList }} />
      </span>
    </span>
  );
}

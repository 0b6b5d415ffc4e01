import type { DecodedRegistrationEvent } from './registration-event-codec';
import type { RegistrationMessage } from './registration-messages';

/**
 * The notice a booking handed on sends its former holder (booking-handed-on). It is the one
 * message of a booking's change of plan that the table of messages (MESSAGES_OF_EVENTS) does not
 * queue: the transaction that records it erases that person, so it is queued with their facts as
 * they were, under a key of its own (RegistrationStore.queueNoticeToFormerHolder). The moved
 * booking's and the new person's emails are the table's.
 */
export function formerHolderNoticesOf(
  recorded: readonly DecodedRegistrationEvent[],
): RegistrationMessage[] {
  return recorded.flatMap(({ event, recorded: record }): RegistrationMessage[] =>
    event.type === 'BookingHandedOn'
      ? [
          {
            kind: 'booking-handed-on',
            registrationId: event.data.registrationId,
            payload: { by: event.data.by },
            causedByPosition: record.globalPosition,
          },
        ]
      : [],
  );
}

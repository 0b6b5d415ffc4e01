import type { DecodedRegistrationEvent } from './registration-event-codec';
import type { RegistrationMessage } from './registration-messages';

/**
 * The emails a booking's change of plan causes, decided from the events recorded alone (for the
 * store to queue): a booking moved sends its person the new slot (with the new ticket, while it
 * holds a seat); a booking handed on sends the new person their ticket and confirmation
 * (booking-received), and the former holder a notice that it was handed on (booking-handed-on,
 * queued with their facts as they were: RegistrationStore.queueNoticeToFormerHolder, since this
 * same transaction erases them).
 */
export function bookingChangeMessagesOf(
  recorded: readonly DecodedRegistrationEvent[],
): RegistrationMessage[] {
  return recorded.flatMap(({ event, recorded: record }): RegistrationMessage[] => {
    const causedByPosition = record.globalPosition;
    switch (event.type) {
      case 'BookingMoved':
        return [
          {
            kind: 'booking-moved',
            registrationId: event.data.registrationId,
            payload: {
              by: event.data.by,
              fromEvent: event.data.fromEvent,
              fromTime: event.data.fromTime,
            },
            causedByPosition,
          },
        ];
      case 'BookingReceived':
        return [
          {
            kind: 'booking-received',
            registrationId: event.data.registrationId,
            payload: { by: event.data.by },
            causedByPosition,
          },
        ];
      case 'BookingHandedOn':
        return [
          {
            kind: 'booking-handed-on',
            registrationId: event.data.registrationId,
            payload: { by: event.data.by },
            causedByPosition,
          },
        ];
      default:
        return [];
    }
  });
}

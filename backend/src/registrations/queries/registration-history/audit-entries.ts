import type { RecordedEvent } from '../../../event-store/event-store.types';
import { PERSONAL_FIELDS } from '../../domain/registration-events';
import type { DecodedRegistrationEvent } from '../../registration-event-codec';
import type { AuditEntryDto } from './audit-entry.response.dto';

/** The person's own fields: what an erasure takes away, as the history names it. */
const PERSONS_FIELDS = PERSONAL_FIELDS.filter(
  (field) => field !== 'clientKey' && field !== 'sheetDream',
);

/** The personal fields each event type carries, to name what an erasure took away. */
const PERSONAL_FIELDS_BY_TYPE: Record<string, readonly string[]> = {
  RegistrationCreated: PERSONS_FIELDS,
  DreamEdited: ['dream'],
  DreamShared: ['dream'],
  SheetDreamApproved: ['sheetDream'],
};

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function toAuditEntry(
  recorded: RecordedEvent,
  payload: Record<string, unknown>,
  personalDataErased: boolean,
): AuditEntryDto {
  const entry: AuditEntryDto = {
    position: recorded.globalPosition,
    streamId: recorded.streamId,
    streamVersion: recorded.streamVersion,
    type: recorded.type,
    recordedAt: recorded.recordedAt.toISOString(),
    actor: recorded.metadata.actor,
    payload,
    personalDataErased,
    erasedFields: personalDataErased
      ? [...(PERSONAL_FIELDS_BY_TYPE[recorded.type] ?? PERSONS_FIELDS)]
      : [],
  };
  const correlationId = optionalString(recorded.metadata.correlationId);
  if (correlationId) entry.correlationId = correlationId;
  const adminSessionId = optionalString(recorded.metadata.adminSessionId);
  if (adminSessionId) entry.adminSessionId = adminSessionId;
  return entry;
}

export function registrationAuditEntry(decoded: DecodedRegistrationEvent): AuditEntryDto {
  // The client address's hash serves the cap on unpaid holds, not the operator.
  const { clientKey: _clientKey, ...payload } = decoded.event.data as Record<string, unknown>;
  return toAuditEntry(decoded.recorded, payload, decoded.personalDataErased);
}

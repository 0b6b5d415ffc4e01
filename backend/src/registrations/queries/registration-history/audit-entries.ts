import { actorNames, actorOperatorId } from '../../../auth/operator-view';
import type { RecordedEvent } from '../../../event-store/event-store.types';
import type { SqlExecutor } from '../../../event-store/sql-executor';
import { PERSONAL_FIELDS } from '../../domain/registration-events';
import type { DecodedRegistrationEvent } from '../../registration-event-codec';
import type { AuditEntryDto } from './audit-entry.response.dto';

/** The person's own fields: what an erasure takes away, as the history names it. */
const PERSONS_FIELDS = PERSONAL_FIELDS.filter(
  (field) =>
    field !== 'clientKey' &&
    field !== 'sheetDream' &&
    field !== 'sheetAnswers' &&
    field !== 'cancellationNote',
);

/** The personal fields each event type carries, to name what an erasure took away. */
const PERSONAL_FIELDS_BY_TYPE: Record<string, readonly string[]> = {
  RegistrationCreated: PERSONS_FIELDS,
  DreamEdited: ['dream'],
  DreamShared: ['dream'],
  SheetDreamApproved: ['sheetDream'],
  RegistrationCancelled: ['cancellationNote'],
  SheetSuspicionsAnswered: ['sheetAnswers'],
};

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function toAuditEntry(
  recorded: RecordedEvent,
  payload: Record<string, unknown>,
  personalDataErased: boolean,
  actorNames: ReadonlyMap<string, string> = new Map(),
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
  const operatorId = actorOperatorId(recorded.metadata);
  if (operatorId) {
    entry.operatorId = operatorId;
    entry.actorName = actorNames.get(operatorId) ?? operatorId;
  }
  return entry;
}

export function registrationAuditEntry(
  decoded: DecodedRegistrationEvent,
  actorNames?: ReadonlyMap<string, string>,
): AuditEntryDto {
  // The client address's hash serves the cap on unpaid holds, not the operator.
  const { clientKey: _clientKey, ...payload } = decoded.event.data as Record<string, unknown>;
  return toAuditEntry(decoded.recorded, payload, decoded.personalDataErased, actorNames);
}

/** The names of the operators who caused `recorded`, for their entries' actorName. */
export function actorNamesOf(
  sql: SqlExecutor,
  recorded: readonly RecordedEvent[],
): Promise<Map<string, string>> {
  return actorNames(
    sql,
    recorded.flatMap((event) => actorOperatorId(event.metadata) ?? []),
  );
}

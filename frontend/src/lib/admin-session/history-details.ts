import type { AdminMessageId } from './admin-catalogue';

export interface HistoryDetail {
  field: string;
  value: string | boolean;
  erased: boolean;
}

// Ids that repeat the registration itself say nothing about what changed; a sheet approval's
// approvedBy is the operator's session, whom the entry already names; a ticket's key id is the
// signing key's, for the server's own checks.
const HIDDEN_FIELDS = new Set(['registrationId', 'id', 'streamId', 'approvedBy', 'keyId']);

/** The fields said in words; any other is shown as the log names it. */
const FIELD_LABELS: Partial<Record<string, AdminMessageId>> = {
  checkedInAt: 'admin.history.field.checkedInAt',
  deviceTime: 'admin.history.field.deviceTime',
  device: 'admin.history.field.device',
  via: 'admin.history.field.via',
  approvedAt: 'admin.history.field.approvedAt',
  sheetDream: 'admin.history.field.sheetDream',
  seat: 'admin.history.field.seat',
  refund: 'admin.history.field.refund',
  cancellationNote: 'admin.history.field.cancellationNote',
  by: 'admin.history.field.by',
};

/** Fields that hold a moment, shown in the reader's date and time. */
export const MOMENT_FIELDS = new Set(['checkedInAt', 'deviceTime', 'approvedAt']);

const VIA: Partial<Record<string, AdminMessageId>> = {
  ticket: 'admin.history.via.ticket',
  search: 'admin.history.via.search',
};

/** A detail's field in the operator's words, when it has them. */
export function fieldLabel(field: string): AdminMessageId | undefined {
  return FIELD_LABELS[field];
}

/** Who cancelled, as the cancellation records it. */
const CANCELLED_BY: Partial<Record<string, AdminMessageId>> = {
  operator: 'admin.actor.admin',
  visitor: 'admin.actor.visitor',
};

/**
 * A detail's value in the operator's words, when it has them: how the door found a person, who
 * cancelled.
 */
export function valueLabel(field: string, value: string | boolean): AdminMessageId | undefined {
  if (typeof value !== 'string') return undefined;
  if (field === 'via') return VIA[value];
  if (field === 'by') return CANCELLED_BY[value];
  return undefined;
}

/** The catalogue key that names an event type of the history (every type has one: a test holds it). */
export const eventTypeLabel = (type: string) => `admin.eventType.${type}`;

function isErasedMarker(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return /^\[?(erased|redacted)\]?$/i.test(value.trim());
  if (typeof value === 'object') {
    const marker = value as Record<string, unknown>;
    return marker.erased === true || marker.redacted === true;
  }
  return false;
}

/**
 * What an event changed, field by field, with personal fields that were erased after a delete
 * marked as such.
 */
export function historyDetails(
  payload: Record<string, unknown> | null | undefined,
  erasedFields: readonly string[] = [],
): HistoryDetail[] {
  const data: Record<string, unknown> = payload && typeof payload === 'object' ? payload : {};
  const erasedList: unknown[] = [
    ...erasedFields,
    ...(Array.isArray(data.erasedFields) ? (data.erasedFields as unknown[]) : []),
  ];
  const details: HistoryDetail[] = [];
  for (const [field, value] of Object.entries(data)) {
    if (HIDDEN_FIELDS.has(field) || field === 'erasedFields') continue;
    if ((value === undefined || value === null) && !erasedList.includes(field)) continue;
    const erased = isErasedMarker(value) || erasedList.includes(field);
    details.push({
      field,
      erased,
      value:
        erased || value === null
          ? ''
          : typeof value === 'boolean'
            ? value
            : typeof value === 'string' || typeof value === 'number'
              ? String(value)
              : JSON.stringify(value),
    });
  }
  for (const field of erasedList) {
    if (typeof field === 'string' && !(field in data) && !details.some((d) => d.field === field)) {
      details.push({ field, value: '', erased: true });
    }
  }
  return details;
}

const ACTORS: Record<string, AdminMessageId> = {
  admin: 'admin.actor.admin',
  operator: 'admin.actor.admin',
  visitor: 'admin.actor.visitor',
  system: 'admin.actor.system',
  // The tour's first facts, imported from its file at the first start.
  import: 'admin.actor.import',
  'payment-provider': 'admin.actor.paymentProvider',
  payment_provider: 'admin.actor.paymentProvider',
  paymentprovider: 'admin.actor.paymentProvider',
  stripe: 'admin.actor.paymentProvider',
};

/** The actor in the operator's words when it is a known one; the raw value otherwise. */
export function historyActor(actor: unknown): { key?: AdminMessageId; raw: string } {
  const raw =
    typeof actor === 'string'
      ? actor
      : actor && typeof actor === 'object' && 'type' in actor
        ? String((actor as { type: unknown }).type)
        : '';
  const key = ACTORS[raw.toLowerCase().replace(/\s+/g, '')];
  return key ? { key, raw } : { raw };
}

import type { RecordedEvent } from '../event-store/event-store.types';
import { currentSchemaVersion, upcast, type Upcaster } from '../event-store/upcasters';
import {
  openPersonalFields,
  sealPersonalFields,
  type PersonalFields,
} from '../personal-data/personal-data-vault';
import { PERSONAL_FIELDS, type RegistrationEvent } from './domain/registration-events';

/**
 * How each event type's earlier schemas are read now (upcasters.ts); a type not named is at
 * schema 1. PaidFlagSet 2: the operator's mark became a payment fact that keeps a held or
 * offered seat; a schema-1 mark only set the flag, and is read as `flagOnly` so that a rebuild
 * folds it as it was folded live.
 */
const REGISTRATION_UPCASTERS: Partial<Record<RegistrationEvent['type'], readonly Upcaster[]>> = {
  PaidFlagSet: [(data) => ({ ...data, flagOnly: true })],
};

/** The schema an event of `type` is written in now. */
export function registrationEventSchemaVersion(type: RegistrationEvent['type']): number {
  return currentSchemaVersion(REGISTRATION_UPCASTERS, type);
}

/** Stored events keep their personal fields under this key, sealed. */
const SEALED = 'sealedPersonalData';

/**
 * A domain event as stored: its personal fields sealed with the registration's key. `sealed`,
 * when given, is those fields already sealed with that key (sealRegistrationPersonalData), so
 * that the encryption can happen before a lock rather than under it.
 */
export function encodeRegistrationEvent(
  event: RegistrationEvent,
  key: Buffer | undefined,
  sealed?: string,
): Record<string, unknown> {
  const data: Record<string, unknown> = { ...event.data };
  const personal = personalFields(data);
  for (const field of PERSONAL_FIELDS) delete data[field];
  if (Object.keys(personal).length > 0) {
    // Once erased (the key shredded), a registration can record facts but no personal data.
    if (!key) throw new Error(`Registration ${event.data.registrationId} has no personal data key`);
    data[SEALED] = sealed ?? sealPersonalFields(key, personal);
  }
  return data;
}

/** The personal fields of an event's data (or of a registration's input), sealed with `key`. */
export function sealRegistrationPersonalData(data: object, key: Buffer): string {
  return sealPersonalFields(key, personalFields(data as Record<string, unknown>));
}

/** Whether storing the event needs its registration's key. */
function personalFields(data: Record<string, unknown>): PersonalFields {
  const personal: PersonalFields = {};
  for (const field of PERSONAL_FIELDS) {
    const value = data[field];
    if (typeof value === 'string') personal[field] = value;
  }
  return personal;
}

export interface DecodedRegistrationEvent {
  event: RegistrationEvent;
  recorded: RecordedEvent;
  /** True when the event held personal data that has since been erased. */
  personalDataErased: boolean;
}

/**
 * A stored event as the domain reads it now: brought up to its type's current schema, its
 * personal fields opened with the registration's key (none when erased).
 */
export function decodeRegistrationEvent(
  stored: RecordedEvent,
  key: Buffer | undefined,
): DecodedRegistrationEvent {
  const recorded = upcast(stored, REGISTRATION_UPCASTERS);
  const data: Record<string, unknown> = { ...recorded.data };
  const sealed = data[SEALED];
  delete data[SEALED];
  let personalDataErased = false;
  if (typeof sealed === 'string') {
    if (key) Object.assign(data, openPersonalFields(key, sealed));
    else personalDataErased = true;
  }
  return {
    event: { type: recorded.type, data } as RegistrationEvent,
    recorded,
    personalDataErased,
  };
}

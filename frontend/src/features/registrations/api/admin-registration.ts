import type { components } from '../../../lib/api-schema';

type Schemas = components['schemas'];

export type AdminRegistrationDto = Schemas['AdminRegistrationDto'];

/**
 * A registration as the console reads it (SPEC section 3): the fields of GET /api/registrations
 * it uses, with legacy firstName/lastName tolerated when name is missing.
 */
export type AdminRegistration = Pick<
  AdminRegistrationDto,
  | 'id'
  | 'email'
  | 'whatsapp'
  | 'event'
  | 'time'
  | 'dreamedCaptured'
  | 'dream'
  | 'waitingList'
  | 'paid'
  | 'paidBy'
  | 'paidToggle'
  | 'status'
  | 'listedAs'
  | 'stripeSessionId'
  | 'createdAt'
> &
  Partial<
    Pick<
      AdminRegistrationDto,
      'shortId' | 'locale' | 'holdExpiresAt' | 'door' | 'seat' | 'netPaid' | 'pendingMove'
    >
  > & {
    name?: AdminRegistrationDto['name'];
    firstName?: string | null;
    lastName?: string | null;
  };

export type RegistrationHistoryEntry = Schemas['RegistrationHistoryEntryDto'];

/**
 * One event of a registration's history, as the drawer reads it: with the status it left the
 * registration in, from the domain's fold, and how the console lists that status.
 */
export type RegistrationHistoryEvent = Pick<
  RegistrationHistoryEntry,
  'type' | 'recordedAt' | 'actor' | 'status' | 'listedAs'
> &
  Partial<
    Pick<
      RegistrationHistoryEntry,
      'payload' | 'position' | 'erasedFields' | 'personalDataErased' | 'actorName'
    >
  >;

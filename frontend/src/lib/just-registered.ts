/** What the visitor sent in the registration the server has just recorded. */
export interface JustRegistered {
  registrationId: string;
  name: string;
  email: string;
  whatsapp: string;
  event: string;
  time: string;
}

let last: JustRegistered | undefined;

/**
 * Hands what the form sent to the confirmation of the waiting list, which has no payment to come
 * back from and so no checkout session to ask the server by (see get-payer-registration.ts).
 * Kept in this page's memory only, never in storage or the history: a reload, another tab or
 * anyone given the link sees the registration without it.
 */
export function rememberJustRegistered(registration: JustRegistered): void {
  last = registration;
}

export function justRegistered(registrationId: string | undefined): JustRegistered | undefined {
  return registrationId !== undefined && last?.registrationId === registrationId ? last : undefined;
}

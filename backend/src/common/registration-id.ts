const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text can be a registration's id (a UUID): links and webhooks check it before looking. */
export function isRegistrationId(id: string): boolean {
  return UUID.test(id);
}

import { doorRequest } from './door-request';

/** `DELETE /api/admin/check-ins/{registrationId}`: the person is back to not yet arrived. */
export function undoCheckIn(registrationId: string): Promise<unknown> {
  return doorRequest('DELETE', `/api/admin/check-ins/${encodeURIComponent(registrationId)}`);
}

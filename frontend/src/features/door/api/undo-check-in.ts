import { apiCall } from '../../../lib/api-client';

/** `DELETE /api/admin/check-ins/{registrationId}`: the person is back to not yet arrived. */
export function undoCheckIn(registrationId: string): Promise<unknown> {
  return apiCall('delete', '/api/admin/check-ins/{registrationId}', {
    params: { registrationId },
  });
}

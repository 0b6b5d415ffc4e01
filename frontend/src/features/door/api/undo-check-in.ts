import { apiCall } from '../../../lib/api-client';

/** `DELETE /api/admin/check-ins/{handle}`: the person is back to where they stood before. */
export function undoCheckIn(handle: string): Promise<unknown> {
  return apiCall('delete', '/api/admin/check-ins/{handle}', {
    params: { handle },
  });
}

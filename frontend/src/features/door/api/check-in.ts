import { apiCall } from '../../../lib/api-client';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { HttpError } from '../../../lib/http-error';
import type { CheckInRecord, PendingCheckIn, SendOutcome } from '../model/check-in-queue';

function recordOf(body: unknown): CheckInRecord | null {
  const checkIn = (body as { checkIn?: Partial<CheckInRecord> } | null)?.checkIn;
  return checkIn && typeof checkIn.handle === 'string'
    ? {
        handle: checkIn.handle,
        name: checkIn.name ?? '',
        checkedInAt: checkIn.checkedInAt ?? '',
        checkedInBy: checkIn.checkedInBy ?? null,
        checkedInDevice: checkIn.checkedInDevice ?? null,
      }
    : null;
}

/**
 * Sends one check-in (`POST /api/admin/check-ins`) and says what the server made of it: in, in
 * already (409, naming the first), refused (422 wrong slot, not paid, cancelled, expired; 400
 * forged or unreadable; 404 unknown), or not answered (no network, the session gone, a 5xx).
 */
export async function sendCheckIn(item: PendingCheckIn): Promise<SendOutcome> {
  try {
    const answer = await apiCall('post', '/api/admin/check-ins', {
      body: {
        ...(item.ticket ? { ticket: item.ticket } : { handle: item.handle }),
        event: item.event,
        time: item.time,
        deviceTime: item.deviceTime,
        ...(item.device ? { device: item.device } : {}),
      },
    });
    return {
      kind: 'accepted',
      checkIn: {
        handle: answer.handle,
        name: answer.name,
        checkedInAt: answer.checkedInAt,
        checkedInBy: answer.checkedInBy,
        checkedInDevice: answer.checkedInDevice,
      },
    };
  } catch (error) {
    if (!(error instanceof HttpError)) return { kind: 'unsent' };
    if (isUnauthorized(error)) return { kind: 'unsent', signedOut: true };
    if (error.status === 409) {
      const checkIn = recordOf(error.body);
      if (checkIn) return { kind: 'conflict', checkIn };
    }
    if ([400, 404, 409, 422].includes(error.status)) {
      const body = error.body as
        { reason?: unknown; name?: unknown; event?: unknown; time?: unknown } | undefined;
      return {
        kind: 'refused',
        reason: typeof body?.reason === 'string' ? body.reason : String(error.status),
        ...(typeof body?.name === 'string' ? { name: body.name } : {}),
        ...(typeof body?.event === 'string' && typeof body.time === 'string'
          ? { slot: { event: body.event, time: body.time } }
          : {}),
      };
    }
    return { kind: 'unsent' };
  }
}

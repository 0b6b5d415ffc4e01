import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { HttpError } from '../../../lib/http-error';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import type { PerformersSheet } from './get-performers-sheet';

export type ApprovedDream = components['schemas']['ApprovedDreamRequestDto'];
export type SheetNotReady = components['schemas']['SheetNotReadyErrorDto'];

export interface SheetApproval {
  slug: string;
  time: string;
  dreams: ApprovedDream[];
}

export function approvePerformersSheet({
  slug,
  time,
  dreams,
}: SheetApproval): Promise<PerformersSheet> {
  return apiCall('post', '/api/admin/tour/events/{slug}/slots/{time}/dreams/approval', {
    params: { slug, time },
    body: { dreams },
  });
}

/** The server's 409 when the sheet waits for the reviewer (open suspicions, a personal text). */
export function sheetNotReady(error: unknown): SheetNotReady | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const body = error.body as Partial<SheetNotReady> | undefined;
  return body && typeof body.reason === 'string' && Array.isArray(body.dreams)
    ? (body as SheetNotReady)
    : undefined;
}

/** Approves the sheet; the sheet the server answers replaces the one shown. */
export function useApprovePerformersSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePerformersSheet,
    onSuccess: (sheet, { slug, time }) => {
      queryClient.setQueryData(adminKeys.sheet(slug, time), sheet);
      void queryClient.invalidateQueries({ queryKey: adminKeys.printedSheet(slug, time) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.registrations() });
    },
  });
}

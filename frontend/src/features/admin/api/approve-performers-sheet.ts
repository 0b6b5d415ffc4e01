import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import type { PerformersSheet } from './get-performers-sheet';

export interface SheetApproval {
  slug: string;
  time: string;
  dreams: { registrationId: string; text: string }[];
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

/** Approves the sheet; the sheet the server answers replaces the one shown. */
export function useApprovePerformersSheet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePerformersSheet,
    onSuccess: (sheet, { slug, time }) => {
      queryClient.setQueryData(adminKeys.sheet(slug, time), sheet);
      void queryClient.invalidateQueries({ queryKey: adminKeys.registrations() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../lib/api-schema';
import { apiCall } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import type { PerformersSheet } from './get-performers-sheet';

export type SuspicionAnswer = components['schemas']['SuspicionAnswerRequestDto'];

export interface SheetAnswers {
  slug: string;
  time: string;
  answers: SuspicionAnswer[];
}

export function answerSheetSuspicions({
  slug,
  time,
  answers,
}: SheetAnswers): Promise<PerformersSheet> {
  return apiCall('post', '/api/admin/tour/events/{slug}/slots/{time}/dreams/answers', {
    params: { slug, time },
    body: { answers },
  });
}

/** Records the reviewer's answers; the sheet the server answers replaces the one shown. */
export function useAnswerSheetSuspicions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSheetSuspicions,
    onSuccess: (sheet, { slug, time }) => {
      queryClient.setQueryData(adminKeys.sheet(slug, time), sheet);
      void queryClient.invalidateQueries({ queryKey: adminKeys.printedSheet(slug, time) });
    },
  });
}

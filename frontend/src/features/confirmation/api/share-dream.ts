import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** Records a further dream on the registration (a DreamShared fact). */
export function shareDream({ id, dream }: { id: string; dream: string }) {
  return apiPost('/api/registrations/{id}/dreams', { params: { id }, body: { dream } });
}

export function useShareDream() {
  return useMutation({ mutationFn: shareDream });
}

import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** The open payment page of a held seat, to go back to after cancelling. */
export function resumeCheckout(id: string) {
  return apiPost('/api/registrations/{id}/resume-checkout', { params: { id } });
}

export function useResumeCheckout() {
  return useMutation({ mutationFn: resumeCheckout });
}

import { useCallback } from 'react';
import { useToast } from '../../components/toast';
import { isUnauthorized } from './admin-request';
import type { AdminMessageId } from './admin-catalogue';
import { useAdminSession } from './use-admin-session';
import { useAdminText } from './use-admin-text';

/**
 * Failure handling shared by the operator's actions: a 401 means the session is over (back to
 * the gate, saying so); anything else shows the action's own failure toast.
 */
export function useAdminFailure() {
  const toast = useToast();
  const t = useAdminText();
  const { expire } = useAdminSession();
  const sessionExpired = useCallback(() => {
    expire();
    toast({
      title: t('admin.toast.sessionExpired.title'),
      description: t('admin.toast.sessionExpired.description'),
      variant: 'destructive',
    });
  }, [expire, t, toast]);

  const fail = useCallback(
    (error: unknown, title: AdminMessageId, description: string) => {
      if (isUnauthorized(error)) {
        sessionExpired();
        return;
      }
      toast({ title: t(title), description, variant: 'destructive' });
    },
    [sessionExpired, t, toast],
  );
  return { fail, sessionExpired };
}

/** The part of a TanStack mutation that mutateAndTell uses. */
interface Mutation<TData, TVariables> {
  mutateAsync: (variables: TVariables) => Promise<TData>;
}

/**
 * Runs `mutation` with `variables`, then `succeeded` or `failed` with its outcome, even when the
 * component that asked has unmounted meanwhile. TanStack's `mutate(variables, { onSuccess })`
 * drops its callbacks once the component is gone, and in the console a change often takes its
 * own card or row out of the list before its answer is read (a booking confirmed under the
 * "waiting" filter, a session ended, an operator erased): the operator must still be told.
 */
export function mutateAndTell<TData, TVariables>(
  mutation: Mutation<TData, TVariables>,
  variables: TVariables,
  succeeded: (data: TData) => void,
  failed: (error: unknown) => void,
): void {
  mutation.mutateAsync(variables).then(succeeded, failed);
}

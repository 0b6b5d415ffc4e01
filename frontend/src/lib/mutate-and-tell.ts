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

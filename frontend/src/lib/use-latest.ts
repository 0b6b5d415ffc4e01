import { useEffect, useRef } from 'react';

/**
 * A ref holding the latest `value`, updated once each render is committed: for a function that
 * must stay the same (a memoised child's prop, a listener added once, a loop started once) yet
 * act with what the last render gave.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

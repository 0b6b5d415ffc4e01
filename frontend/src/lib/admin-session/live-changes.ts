import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../api-client';
import { adminKeys } from './admin-keys';

/** SPEC section 9: polled every 5 seconds, now only while the live stream is down. */
export const ADMIN_POLL_INTERVAL_MS = 5000;

/**
 * How a view the live stream keeps fresh is fetched: again on each change it tells of (never
 * stale in between), every ADMIN_POLL_INTERVAL_MS while the stream is down (`polling`) and after
 * a failure until an answer comes; not retried on its own, nor on the window's focus.
 */
export function liveViewOptions(polling: boolean) {
  return {
    refetchInterval: (query: { state: { status: string } }) =>
      polling || query.state.status === 'error' ? ADMIN_POLL_INTERVAL_MS : false,
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  } as const;
}

/**
 * The event log's position, pushed by the server (Server-Sent Events) each time it moves: the
 * page's data is fetched again only then, so an idle console moves no bytes. Answers whether the
 * stream is up; while it is not, the caller polls instead.
 */
export function useLiveChanges(
  signedIn: boolean,
  page: 'registrations' | 'tour' | 'activity',
): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    // What the page shows: the registrations' pages, the tour with its seat counts, or the log.
    const queryKey =
      page === 'tour'
        ? adminKeys.tour()
        : page === 'activity'
          ? adminKeys.activity()
          : adminKeys.registrations();
    const source = new EventSource(apiUrl('/api/admin/events/live'), { withCredentials: true });
    let position: number | undefined;
    source.onopen = () => setConnected(true);
    source.onerror = () => {
      // Ended or refused (the session may be over): poll meanwhile, and ask at once, so a 401
      // takes the operator back to the gate.
      setConnected(false);
      void queryClient.invalidateQueries({ queryKey });
    };
    source.addEventListener('position', (message: MessageEvent<string>) => {
      const next = (JSON.parse(message.data) as { position: number }).position;
      // The first position after (re)connecting only says where the log is; a later one, or a
      // different one after a gap, means something changed.
      if (position !== undefined && next !== position) {
        void queryClient.invalidateQueries({ queryKey });
      }
      position = next;
    });
    return () => {
      source.close();
      setConnected(false);
    };
  }, [signedIn, page, queryClient]);

  return connected;
}

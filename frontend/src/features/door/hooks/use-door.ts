import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { sendCheckIn } from '../api/check-in';
import { useDoorList } from '../api/get-door-list';
import { adminKeys } from '../../../lib/admin-session/admin-keys';
import { isUnauthorized } from '../../../lib/admin-session/admin-request';
import { useLatest } from '../../../lib/use-latest';
import { markNoShows } from '../api/mark-no-shows';
import { undoCheckIn } from '../api/undo-check-in';
import { CheckInQueue } from '../model/check-in-queue';
import type { CheckInRecord, PendingCheckIn, SendOutcome } from '../model/check-in-queue';
import { namePhone, phoneName } from '../model/door-cache';
import type { SeatedPerson, SlotRef } from '../model/door-list';
import { useOnline } from './use-online';

/** While check-ins wait, sending is tried again this often (and at once when the network returns). */
const RETRY_MS = 5_000;

/** Something the operator must read: a queued check-in another phone made first, or refused. */
export type DoorNotice =
  | { id: string; kind: 'conflict'; checkIn: CheckInRecord }
  | { id: string; kind: 'refused'; name: string; reason: string };

export interface DoorPerson extends SeatedPerson {
  /** Checked in on this phone, not yet answered by the server (absent: not so). */
  queued?: true;
}

/**
 * The door of one slot: its list (the server's, or the last one kept), the check-ins this phone
 * queued laid over it, and the actions. Every check-in goes through the queue, so one made
 * offline is sent when the network returns, with its device time.
 */
export function useDoor(
  slot: SlotRef | null,
  signedOut: () => void,
  /** The signed-in operator's name, for the check-ins this phone has not sent yet. */
  operatorName: string | null = null,
) {
  const queryClient = useQueryClient();
  const list = useDoorList(slot);
  const browserOnline = useOnline();
  const queue = useMemo(() => new CheckInQueue(localStorage), []);
  const [device, setDevice] = useState<string | null>(() => phoneName(localStorage));
  /** Names this phone (kept on it); false for a name the server would refuse. */
  const renamePhone = useCallback((name: string) => {
    if (!namePhone(localStorage, name)) return false;
    setDevice(phoneName(localStorage));
    return true;
  }, []);
  const [pending, setPending] = useState<PendingCheckIn[]>(() => queue.items());
  const [notices, setNotices] = useState<DoorNotice[]>([]);
  const [unreachable, setUnreachable] = useState(false);
  const signedOutRef = useLatest(signedOut);
  // The list's refresh is a request like any other: a session ended elsewhere (the owner ended
  // it, or suspended the operator) signs the phone out there, not only at its next check-in.
  useEffect(() => {
    if (isUnauthorized(list.error)) signedOutRef.current();
  }, [list.error, signedOutRef]);

  const refreshList = useCallback(
    () => queryClient.invalidateQueries({ queryKey: adminKeys.tourEvents() }),
    [queryClient],
  );

  const flush = useCallback(async () => {
    const report = await queue.flush(sendCheckIn);
    setPending(queue.items());
    setUnreachable(report.stopped && !report.signedOut);
    const fresh: DoorNotice[] = [
      ...report.conflicts.map(({ item, checkIn }) => ({
        id: item.id,
        kind: 'conflict' as const,
        checkIn,
      })),
      ...report.refused.map(({ item, reason, name }) => ({
        id: item.id,
        kind: 'refused' as const,
        name: name ?? item.handle,
        reason,
      })),
    ];
    if (fresh.length > 0) setNotices((shown) => [...shown, ...fresh]);
    if (report.accepted.length + fresh.length > 0) void refreshList();
    if (report.signedOut) signedOutRef.current();
    return report;
  }, [queue, refreshList, signedOutRef]);

  // Sent at once when the network returns, and tried again while anything waits.
  useEffect(() => {
    const send = () => void flush();
    window.addEventListener('online', send);
    const first = setTimeout(send, 0);
    return () => {
      window.removeEventListener('online', send);
      clearTimeout(first);
    };
  }, [flush]);
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [pending.length, flush]);

  /** Queues a check-in and sends it; answers what the server said of it (unsent offline). */
  const checkIn = useCallback(
    async (person: { handle: string }, ticket?: string): Promise<SendOutcome> => {
      if (!slot) return { kind: 'unsent' };
      const item: PendingCheckIn = {
        id: crypto.randomUUID(),
        event: slot.event,
        time: slot.time,
        handle: person.handle,
        ...(ticket ? { ticket } : {}),
        deviceTime: new Date().toISOString(),
        ...(device ? { device } : {}),
      };
      if (!queue.add(item)) return { kind: 'unsent' };
      setPending(queue.items());
      const report = await flush();
      const accepted = report.accepted.find((entry) => entry.item.id === item.id);
      if (accepted) return { kind: 'accepted', checkIn: accepted.checkIn };
      const conflict = report.conflicts.find((entry) => entry.item.id === item.id);
      if (conflict) {
        // Told on the scan's own screen; no second notice for it.
        setNotices((shown) => shown.filter((notice) => notice.id !== item.id));
        return { kind: 'conflict', checkIn: conflict.checkIn };
      }
      const refused = report.refused.find((entry) => entry.item.id === item.id);
      if (refused) {
        setNotices((shown) => shown.filter((notice) => notice.id !== item.id));
        return {
          kind: 'refused',
          reason: refused.reason,
          ...(refused.name ? { name: refused.name } : {}),
        };
      }
      return { kind: 'unsent' };
    },
    [slot, device, queue, flush],
  );

  /** Asks the server about a ticket the phone refused: its list may be older than the news. */
  const askServer = useCallback(
    async (ticket: string): Promise<SendOutcome> => {
      if (!slot) return { kind: 'unsent' };
      const outcome = await sendCheckIn({
        id: crypto.randomUUID(),
        event: slot.event,
        time: slot.time,
        handle: '',
        ticket,
        deviceTime: new Date().toISOString(),
        ...(device ? { device } : {}),
      });
      if (outcome.kind === 'accepted') void refreshList();
      if (outcome.kind === 'unsent' && outcome.signedOut) signedOutRef.current();
      return outcome;
    },
    [slot, device, refreshList, signedOutRef],
  );

  const undo = useCallback(
    async (handle: string) => {
      if (queue.remove(handle)) {
        setPending(queue.items());
        return;
      }
      await undoCheckIn(handle);
      await refreshList();
    },
    [queue, refreshList],
  );

  const noShows = useCallback(async () => {
    if (!slot) return 0;
    const marked = await markNoShows(slot);
    await refreshList();
    return marked;
  }, [slot, refreshList]);

  const data = list.data;
  const slotPending = useMemo(
    () =>
      slot ? pending.filter((item) => item.event === slot.event && item.time === slot.time) : [],
    [pending, slot],
  );
  const localCheckIns = useMemo(
    () =>
      new Map(
        slotPending.map((item) => [
          item.handle,
          { at: item.deviceTime, by: operatorName, device: item.device ?? null },
        ]),
      ),
    [slotPending, operatorName],
  );
  const people = useMemo<DoorPerson[]>(
    () =>
      (data?.seated ?? []).map((person) => {
        const local = localCheckIns.get(person.handle);
        return local && person.state !== 'checked-in'
          ? {
              ...person,
              state: 'checked-in',
              checkedInAt: local.at,
              checkedInBy: local.by,
              checkedInDevice: local.device,
              queued: true,
            }
          : // The list's own row, the same object from one check-in to the next, so that only
            // the rows that changed are drawn again (a thousand of them on a phone's CPU).
            person;
      }),
    [data, localCheckIns],
  );

  return {
    list,
    people,
    device,
    renamePhone,
    localCheckIns,
    pendingCount: pending.length,
    online: browserOnline && !unreachable && !list.isError,
    notices,
    dismissNotice: (id: string) =>
      setNotices((shown) => shown.filter((notice) => notice.id !== id)),
    checkIn,
    askServer,
    undo,
    noShows,
    doorKey: slot ? adminKeys.doorList(slot) : null,
  };
}

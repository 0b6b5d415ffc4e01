import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import { useSessionCheck } from './get-session';
import type { AdminSessionAnswer, Permission, SessionOperator } from './operator-types';
import { permissionsOf } from './console-pages';

export type GateReason = 'expired' | null;

interface AdminSession {
  /** 'checking' until the server has said whether the cookie is a live session. */
  state: 'checking' | 'signed-out' | 'signed-in';
  /** Who is signed in, as the server said. */
  operator: SessionOperator | undefined;
  /** What the operator's role may do (the server enforces it; the console follows it). */
  permissions: ReadonlySet<Permission>;
  /** Joined but without a passkey or an authenticator app yet: nothing else is open. */
  secondFactorRequired: boolean;
  /** Why the gate is showing, when it is not the first visit. */
  gateReason: GateReason;
  /** A sign-in's answer: the session it opened. */
  signIn: (session: AdminSessionAnswer) => void;
  signOut: () => void;
  /** The server answered 401: back to the gate, saying why. */
  expire: () => void;
  /** The session could not be asked about (no network, or no server answering). */
  unreachable: boolean;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

/**
 * The console keeps only an in-memory signed-in flag; the cookie is the real session, and the
 * server is asked once on arrival who it signs in and what the role may do, so a reload keeps
 * the operator in.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const check = useSessionCheck();
  const [decided, setDecided] = useState<boolean | null>(null);
  const [gateReason, setGateReason] = useState<GateReason>(null);

  const forgetAdminData = useCallback(() => {
    for (const queryKey of [adminKeys.registrations(), ['/api', 'admin']]) {
      queryClient.removeQueries({ queryKey });
    }
  }, [queryClient]);

  const signIn = useCallback(
    (session: AdminSessionAnswer) => {
      setGateReason(null);
      setDecided(true);
      // The answer the next page of the console starts from (/admin to /admin/tour mounts this
      // provider afresh): without it, the check made before the login would show the gate again.
      queryClient.setQueryData(adminKeys.session(), session);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    setGateReason(null);
    setDecided(false);
    forgetAdminData();
  }, [forgetAdminData]);

  const expire = useCallback(() => {
    setGateReason('expired');
    setDecided(false);
    forgetAdminData();
  }, [forgetAdminData]);

  const session = check.data;
  const signedIn = decided ?? (check.isPending ? null : session?.authenticated === true);
  // Offline the check waits (paused) rather than fails: both mean the server was not heard.
  const unreachable = decided === null && (check.isError || check.fetchStatus === 'paused');
  const state = signedIn === null ? 'checking' : signedIn ? 'signed-in' : 'signed-out';
  const live = signedIn === true ? session : undefined;
  const permissions = useMemo(() => permissionsOf(live), [live]);

  const value = useMemo<AdminSession>(
    () => ({
      state,
      operator: live?.operator,
      permissions,
      secondFactorRequired: live?.secondFactorRequired === true,
      gateReason,
      signIn,
      signOut,
      expire,
      unreachable,
    }),
    [state, live, permissions, gateReason, signIn, signOut, expire, unreachable],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession must be used inside AdminSessionProvider');
  return session;
}

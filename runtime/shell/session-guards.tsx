import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isRefreshAlive, loginPathFrom, useSession } from '../engine/session';
import { expireSession } from '../engine/request';

/** Screens behind login: no session sends the visitor to /login (SPEC §4); a dead session is cleared with a message. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const dead = session !== null && !isRefreshAlive(session);
  useEffect(() => {
    if (dead) expireSession();
  }, [dead]);
  if (!session || dead) {
    return <Navigate to={loginPathFrom(location.pathname, location.search)} replace />;
  }
  return <>{children}</>;
}

/** Where to go after login: the page that sent the visitor here, if it is a path inside this app. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/login') ? value : '/';
}

/** The login page: a visitor whose session is valid (or who just logged in) goes on to '/' or the page asked for. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session && isRefreshAlive(session)) {
    return <Navigate to={safeRedirect(new URLSearchParams(location.search).get('redirect'))} replace />;
  }
  return <>{children}</>;
}

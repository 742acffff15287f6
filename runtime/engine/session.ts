import type { Tokens } from './client.generated';
import { useSyncExternalStore } from 'react';

/** A signed-in session as kept in localStorage: times are absolute epoch milliseconds. */
export type Session = {
  token: string;
  expire: number;
  refreshToken: string;
  refreshExpire: number;
};

/** What login and refreshToken return (lifetimes in seconds), as the server declares it. */
export type TokenReply = Tokens;

const KEY = 'joinery.session';
/** A token with less than this much life left counts as expired (SPEC §9). */
export const EXPIRY_MARGIN_MS = 2000;

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.expire === 'number' &&
    typeof v.refreshExpire === 'number'
  );
}

function read(): Session | null {
  const raw = localStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch (error) {
    console.warn('discarding an unreadable session', error);
    return null;
  }
}

let current: Session | null = read();
/**
 * Which signed-in session this is: it moves on whenever a session ends (logout, expiry, a new login, another tab
 * signing out or in), never on a token refresh. The app keeps its data cache per generation (app.tsx), so nothing a
 * session read — nor a reply still in flight when it ended — shows in the next one.
 */
let generation = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

// Another tab signing in or out changes this tab's session too (its token refreshes only update it).
window.addEventListener('storage', (event) => {
  if (event.key !== KEY) return;
  const before = current;
  current = read();
  if (!before || !current) generation += 1;
  emit();
});

export function sessionGeneration(): number {
  return generation;
}

/**
 * The rejection of a call whose session ended while it was under way (request.ts aborts them): nothing to report —
 * the screen that made it is gone with the session, and the login page already says why.
 */
export class SessionEndedError extends Error {
  constructor() {
    super('the session that made this call has ended');
    this.name = 'SessionEndedError';
  }
}

export function getSession(): Session | null {
  return current;
}

/** Stores the tokens of a login or refresh reply. */
export function saveSession(reply: TokenReply, now = Date.now()): Session {
  current = {
    token: reply.token,
    expire: now + reply.expire * 1000,
    refreshToken: reply.refreshToken,
    refreshExpire: now + reply.refreshExpire * 1000,
  };
  localStorage.setItem(KEY, JSON.stringify(current));
  emit();
  return current;
}

/** Forgets the session and everything kept for the signed-in user. */
export function clearSession(): void {
  current = null;
  generation += 1;
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('joinery.user.') || key === KEY) localStorage.removeItem(key);
  }
  emit();
}

export function isTokenAlive(session: Session, now = Date.now()): boolean {
  return session.expire - now > EXPIRY_MARGIN_MS;
}

export function isRefreshAlive(session: Session, now = Date.now()): boolean {
  return session.refreshExpire - now > EXPIRY_MARGIN_MS;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as React state: re-renders on login, refresh and logout. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** The login page's address for a visitor sent there from `pathname`: signed in, they come back to it. */
export function loginPathFrom(pathname: string, search = ''): string {
  return pathname === '/' ? '/login' : `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/** localStorage key for data that belongs to the signed-in user and goes away at logout. */
export function userKey(name: string): string {
  return `joinery.user.${name}`;
}

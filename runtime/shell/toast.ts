import { useSyncExternalStore } from 'react';
import { SessionEndedError } from '../engine/session';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type ToastItem = { id: number; kind: ToastKind; text: string };
/** A message as the message log keeps it: when it was raised. */
export type LoggedToast = ToastItem & { at: number };

const DURATION_MS = 3500;
/** How many messages the log keeps (newest first) for reading again. */
export const LOG_SIZE = 20;
let items: ToastItem[] = [];
let log: LoggedToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function dismiss(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Takes away the errors on screen once they no longer hold (a wrong password, after a sign-in that worked). */
function clearErrors(): void {
  if (!items.some((t) => t.kind === 'error')) return;
  items = items.filter((t) => t.kind !== 'error');
  emit();
}

function show(kind: ToastKind, text: string): void {
  // The same message raised twice in a row (several failing calls) is shown once.
  if (items.some((t) => t.text === text && t.kind === kind)) return;
  const id = nextId++;
  items = [...items.slice(-4), { id, kind, text }];
  log = [{ id, kind, text, at: Date.now() }, ...log].slice(0, LOG_SIZE);
  emit();
  // An error stays until it is closed (WCAG 2.2.1: no time limit on reading why something failed); the others go
  // after a moment and can be read again in the message log.
  if (kind !== 'error') setTimeout(() => dismiss(id), DURATION_MS);
}

/**
 * A failure's message (an Error's own, or the value as text), as `say` words it: nothing for a call that its ended
 * session gave up (SessionEndedError, request.ts) — the screen that made it is gone, and the login page says why.
 */
function failure(error: unknown, say: (message: string) => string = (message) => message): void {
  if (error instanceof SessionEndedError) return;
  show('error', say(error instanceof Error ? error.message : String(error)));
}

/** Short messages at the top of the screen; any screen may raise one. */
export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  failure,
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
  dismiss,
  clearErrors,
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => items);
}

/** The recent messages, newest first (the header's message log). */
export function useToastLog(): LoggedToast[] {
  return useSyncExternalStore(subscribe, () => log);
}

import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type ToastItem = { id: number; kind: ToastKind; text: string };

const DURATION_MS = 3500;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => { for (const l of listeners) l(); };

function dismiss(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, text: string): void {
  // The same message raised twice in a row (several failing calls) is shown once.
  if (items.some((t) => t.text === text && t.kind === kind)) return;
  const id = nextId++;
  items = [...items.slice(-4), { id, kind, text }];
  emit();
  setTimeout(() => dismiss(id), kind === 'error' ? DURATION_MS + 1500 : DURATION_MS);
}

/** Short messages at the top of the screen; any screen may raise one. */
export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
  dismiss,
};

export function useToasts(): ToastItem[] {
  return useSyncExternalStore((l) => { listeners.add(l); return () => listeners.delete(l); }, () => items);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from './request';
import type { BaseCommProgressReply } from './client.generated';

/** The header that names a long call, and what the server says of it (server/core/http/progress.ts). */
export const PROGRESS_HEADER = 'x-progress-id';
export type Progress = NonNullable<BaseCommProgressReply>;
const POLL_MS = 500;

/** A random id for one call; getRandomValues also works on plain http, where randomUUID is missing. */
function newId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Follows a long call (a batch add, an import): `follow(run)` gives `run` an id to send in PROGRESS_HEADER and polls
 * the server's progress of it until `run` settles; `progress` is the latest state, null when nothing runs.
 */
export function useProgress() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);

  const follow = useCallback(async <T>(run: (id: string) => Promise<T>): Promise<T> => {
    const id = newId();
    let running = true;
    timer.current = window.setInterval(() => {
      request<Progress | null>('/admin/base/comm/progress', { params: { id }, quiet: true })
        .then((p) => {
          if (running && p) setProgress(p);
        })
        .catch(() => undefined);
    }, POLL_MS);
    try {
      return await run(id);
    } finally {
      running = false;
      window.clearInterval(timer.current);
      setProgress(null);
    }
  }, []);
  return { progress, follow };
}

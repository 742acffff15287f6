import { useEffect } from 'react';
import { useRouteError, isRouteErrorResponse } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';
import { ErrorScreen } from '../screens/errors/error-screen';

const shown = new Set<string>();
const RELOAD_FLAG = 'joinery.chunkReload';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A screen's code that fails to download (a new build replaced it) is fetched again by reloading once. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** Shown when a route throws: says 'page has an error: …' once per message; a failed chunk load reloads the page. */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  const message = messageOf(error);
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (chunk && !sessionStorage.getItem(RELOAD_FLAG)) {
      sessionStorage.setItem(RELOAD_FLAG, '1');
      window.location.reload();
      return;
    }
    console.error(error);
    if (!shown.has(message)) {
      shown.add(message);
      toast.error(t('errors.routerError', { message }));
    }
  }, [chunk, error, message, t]);

  return <ErrorScreen code={500} detail={message} embedded={inShell} />;
}

// A page that loaded fine clears the flag, so a later broken deploy may reload again.
window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(RELOAD_FLAG), 5000));

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { i18nReady } from './i18n/index';
import './engine/theme';
import { App } from './app';
import { getSession } from './engine/session';
import { preloadEntityScreen } from './screens/view-registry';
import { type FirstData, firstScreenDrawn, loadFirstScreen } from './shell/first-screen-calls';
import { installFileDropGuard } from './shell/file-drop-guard';

const mount = document.getElementById('app');
if (!mount) throw new Error('index.html lacks the #app mount point');
installFileDropGuard();

/**
 * How long the first render may wait for the first calls and the list screen's code: usually they are in before the
 * app's own script has run; on a slow server the console draws its loading state after this rather than nothing (and
 * its hooks then ask for eps again).
 */
const FIRST_SCREEN_WAIT_MS = 500;

/**
 * Most pages of a signed-in user are a list screen: its code loads beside the first calls, and its own calls start
 * as soon as eps and the menu are in (not once it is drawn). The first render waits for these (a little at most) and
 * is given eps and the menu, so it draws the page at once rather than its loading state first.
 */
function firstScreen(): Promise<FirstData> {
  if (!getSession() || window.location.pathname === '/login') return Promise.resolve({});
  const code = preloadEntityScreen().catch((error: unknown) => console.warn('list screen code not preloaded', error));
  // In the saved language: the early calls were made in it, and are taken only in it.
  const data = i18nReady.then(loadFirstScreen).catch((error: unknown) => {
    console.warn('first calls not started', error);
    return {};
  });
  const wait = new Promise<FirstData>((resolve) => setTimeout(() => resolve({}), FIRST_SCREEN_WAIT_MS));
  return Promise.race([Promise.all([data, code]).then(([first]) => first), wait]);
}

// At once in zh-cn; in another saved language once its texts are in (one small chunk).
void Promise.all([i18nReady, firstScreen()]).then(([, first]) => {
  firstScreenDrawn();
  createRoot(mount).render(
    <StrictMode>
      <App first={first} />
    </StrictMode>,
  );
});

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { i18nReady } from './i18n/index';
import './engine/theme';
import { App } from './app';
import { getSession } from './engine/session';
import { preloadEntityScreen } from './screens/view-registry';

const mount = document.getElementById('app');
if (!mount) throw new Error('index.html lacks the #app mount point');
// Most pages of a signed-in user are the list screen: its code loads beside the first calls, not after them.
if (getSession() && window.location.pathname !== '/login') {
  preloadEntityScreen().catch((error: unknown) => console.warn('list screen code not preloaded', error));
}
// At once in zh-cn; in another saved language once its texts are in (one small chunk).
void i18nReady.then(() =>
  createRoot(mount).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

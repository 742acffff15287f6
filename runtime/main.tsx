import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import './i18n/index';
import './engine/theme';
import { App } from './app';

const mount = document.getElementById('app');
if (!mount) throw new Error('index.html lacks the #app mount point');
createRoot(mount).render(<StrictMode><App /></StrictMode>);

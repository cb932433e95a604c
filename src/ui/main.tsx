import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { getWorkers } from './client';
import './styles.css';

// The index worker was started by boot.ts, before this module and React loaded.
getWorkers();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Offline after one visit: the service worker (dist/sw.js, written by vite.config.ts) caches
// the app, its wasm, the model and the demo. Only in the built app: the dev server changes too often.
// This module is imported by boot.ts, possibly after the page's load event.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker
      .register('./sw.js')
      .catch((error: Error) => console.warn(`Offline mode is unavailable: ${error.message}`));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}

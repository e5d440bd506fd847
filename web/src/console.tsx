import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';

/**
 * The console: its first render waits for the texts of the language shown (one chunk, fetched beside its code).
 * `beforeRender` clears what stood in meanwhile (the sign-in page the user has just left).
 */
export function startConsole(beforeRender?: () => void): void {
  void initI18n().then(() => {
    beforeRender?.();
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

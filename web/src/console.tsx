// First, before any module builds or uses a schema (the page's entry builds none).
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { openedPageLoaded } from './app/router.tsx';
import { loadBrand } from './lib/brand.ts';
import { initI18n } from './lib/i18n.ts';

/**
 * The console: its first render waits for the texts of the language shown (one chunk, fetched beside its code), the
 * brand (asked for by the page's entry) and the opened page's code, so it draws the page in the brand's colours at
 * once rather than a spinner first. `beforeRender` clears what stood in meanwhile (the sign-in page the user has
 * just left).
 */
export function startConsole(beforeRender?: () => void): void {
  void Promise.all([loadBrand(), initI18n(), openedPageLoaded]).then(([brand]) => {
    beforeRender?.();
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App brand={brand} />
      </StrictMode>,
    );
  });
}

// First, before any module builds or uses a schema: the page's entry loads this module, which builds them.
import '../lib/zod-config.ts';
import type { UiLang } from '@console/contract/codes/ui-lang';
import { brandEndpoints } from '@console/contract/http/brand';
import { DEFAULT_BRAND, parseBrand, type Brand } from '../lib/brand-info.ts';
import { startLang } from '../lib/start-lang.ts';
import { call } from './api.ts';
import type { SignInPage } from './page-of.ts';
import { startSignIn } from './start.tsx';
import { loadTexts } from './texts.ts';

export type { SignInPage } from './page-of.ts';

/** The brand of this host from metadata.do; the default when the call fails (spec section 8: silently). */
async function loadBrand(lang: UiLang): Promise<Brand> {
  try {
    return parseBrand(await call(brandEndpoints.metadata, {}, { lang }));
  } catch {
    return DEFAULT_BRAND;
  }
}

/**
 * Opens a sign-in page: its texts and the brand are asked for at once, as this module (with the page's code, one
 * chunk) is in, so the form is drawn one round trip after the entry rather than three. `startConsole` takes over
 * once the user is signed in.
 */
export function openSignIn(page: SignInPage, startConsole: (beforeRender: () => void) => void): void {
  const lang = startLang();
  void Promise.all([loadTexts(lang), loadBrand(lang)]).then(([texts, brand]) =>
    startSignIn({ page, lang, texts, brand, startConsole }),
  );
}

import { createContext, use } from 'react';
import type { UiLang } from '@console/contract/codes/ui-lang';
import type { Brand } from '../lib/brand-info.ts';
import type { SignInKind } from './complete-sign-in.ts';
import type { Translate } from './texts.ts';

export interface SignInContextValue {
  lang: UiLang;
  t: Translate;
  brand: Brand;
  /** Hands the page over to the console once the session is kept (where the sign-in of this kind goes). */
  signedIn: (kind: SignInKind) => void;
  /** Shows the page in the other language and saves the choice. */
  switchLang: (lang: UiLang) => void;
  /** Signed in: the address is already the console's and the page only waits for the console to replace it. */
  leaving: boolean;
}

export const SignInContext = createContext<SignInContextValue | null>(null);

export function useSignIn(): SignInContextValue {
  return use(SignInContext)!;
}

/** The brand's title in the shown language, else the catalog's default ('Engineering machinery' / 工程机械). */
export function brandTitle({ brand, lang, t }: Pick<SignInContextValue, 'brand' | 'lang' | 't'>): string {
  return (lang === 'en' ? brand.info.title.en : brand.info.title.zh) || t('common:appTitleDefault');
}

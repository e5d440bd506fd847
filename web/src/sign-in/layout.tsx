import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { UiLang } from '@console/contract/codes/ui-lang';
import { mixWithWhite } from '../lib/color.ts';
import { brandCopyright } from '../lib/brand-info.ts';
import { isExternal } from '../lib/format.ts';
import { brandTitle, useSignIn } from './context.ts';

/**
 * The frame of the sign-in pages, as the console's (features/auth/components/auth-layout.tsx): the brand's colours,
 * logo and title, the language menu, the card with the page's heading, the copyright.
 */
export function SignInLayout({ heading, children }: { heading: string; children: ReactNode }) {
  const signIn = useSignIn();
  const { info } = signIn.brand;
  const title = brandTitle(signIn);
  const copyright = brandCopyright(info, signIn.lang);
  return (
    <div
      className="si-page"
      // Signed in, the page stays drawn until the console replaces it, which takes seconds on a slow machine: it is
      // no longer the page at this address, so nothing on it answers (its language menu would open, then vanish).
      inert={signIn.leaving}
      aria-hidden={signIn.leaving || undefined}
      aria-busy={signIn.leaving || undefined}
      style={
        {
          background: `linear-gradient(160deg, ${info.theme.sidebar} 0%, ${info.color} 100%)`,
          // The brand's colour on buttons, links and the open tab; hover as a 15% mix with white (spec section 9).
          '--si-color': info.color,
          '--si-hover': mixWithWhite(info.color, 0.15),
        } as CSSProperties
      }
    >
      <header className="si-header">
        <img src={info.logo} alt={info.brand || title} height={36} className="si-logo" />
        <span className="si-brand-title">{title}</span>
        <div style={{ flex: 1 }} />
        {info.languageSwitch && <LanguageMenu />}
      </header>
      <main className="si-main">
        <section className="si-card">
          {/* The page's heading (h3) at h4's size: "Sign in to <brand title>" fits one line. */}
          <h3 className="si-heading">{heading}</h3>
          {children}
        </section>
      </main>
      {(copyright || info.homepage) && (
        <footer className="si-footer">
          {copyright}{' '}
          {info.homepage && isExternal(info.homepage) && (
            <a href={info.homepage} target="_blank" rel="noopener noreferrer">
              {new URL(info.homepage).host}
            </a>
          )}
        </footer>
      )}
    </div>
  );
}

const LANGS: { lang: UiLang; key: 'common:langZh' | 'common:langEn' }[] = [
  { lang: 'zh-cn', key: 'common:langZh' },
  { lang: 'en', key: 'common:langEn' },
];

/** The language menu of spec section 2: Chinese and English; the choice is saved. */
function LanguageMenu() {
  const { t, lang, switchLang } = useSignIn();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);
  const current = t(lang === 'en' ? 'common:langEn' : 'common:langZh');

  useEffect(() => {
    if (!open) return;
    // A click elsewhere or Escape closes the menu, as a dropdown does.
    const outside = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div className="si-lang" ref={box}>
      <button
        type="button"
        className="si-lang-button"
        aria-label={`${t('common:language')}: ${current}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor">
          <path strokeWidth="2" d="M3 5h12M9 3v2m-4 0c1 4 4 7 8 9M13 5c-1 4-4 7-8 9m6 7 5-11 5 11m-8.5-3.5h7" />
        </svg>
        {current}
      </button>
      {open && (
        <ul id={menuId} role="menu" className="si-lang-menu">
          {LANGS.map((item) => (
            <li
              key={item.lang}
              role="menuitem"
              tabIndex={-1}
              aria-current={item.lang === lang || undefined}
              onClick={() => {
                setOpen(false);
                switchLang(item.lang);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  setOpen(false);
                  switchLang(item.lang);
                }
                // The arrows move between the two languages, as in a menu.
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  const items = [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
                  const at = items.indexOf(event.currentTarget);
                  items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
                }
              }}
            >
              {t(item.key)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

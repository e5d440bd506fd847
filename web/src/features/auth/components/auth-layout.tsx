import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { brandTitle, useBrand } from '../../../lib/brand.ts';
import { brandCopyright } from '../../../lib/brand-info.ts';
import { isExternal } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { LanguageSwitch } from '../../../lib/language-switch.tsx';

/** The frame of the sign-in pages: the brand's colour, logo and title, the language dropdown, the copyright. */
export function AuthLayout({
  heading,
  children,
  // "Sign in to <title>" on one line also in a wide fallback font (DejaVu Sans, where no other sans is installed).
  width = 440,
}: {
  heading: string;
  children: ReactNode;
  width?: number;
}) {
  const brand = useBrand();
  const { info } = brand;
  const title = brandTitle(brand, currentLang());
  const copyright = brandCopyright(info, currentLang());
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: `linear-gradient(160deg, ${info.theme.sidebar} 0%, ${info.color} 100%)`,
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '16px 24px', color: '#fff' }}>
        <img src={info.logo} alt={info.brand || title} height={36} style={{ maxWidth: 160, objectFit: 'contain' }} />
        <span style={{ fontSize: 18, fontWeight: 600 }}>{title}</span>
        <div style={{ flex: 1 }} />
        {info.languageSwitch && <LanguageSwitch color="#fff" />}
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
        <Card style={{ width, maxWidth: '100%' }}>
          {/* The page's heading (h3) at h4's size: "Sign in to <brand title>" fits one line; a longer title wraps
              into balanced lines. */}
          <Typography.Title level={3} style={{ marginTop: 0, textAlign: 'center', textWrap: 'balance', fontSize: 20 }}>
            {heading}
          </Typography.Title>
          {children}
        </Card>
      </main>
      {(copyright || info.homepage) && (
        <footer style={{ textAlign: 'center', padding: 16, color: 'rgba(255,255,255,.75)', fontSize: 12 }}>
          {copyright}{' '}
          {info.homepage && isExternal(info.homepage) && (
            <a href={info.homepage} target="_blank" rel="noopener noreferrer" style={{ color: '#fff' }}>
              {new URL(info.homepage).host}
            </a>
          )}
        </footer>
      )}
    </div>
  );
}

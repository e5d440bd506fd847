import { useEffect, useState, type ReactNode } from 'react';
import { brandTitle, useBrand } from '../../../lib/brand.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentLang } from '../../../lib/i18n.ts';

/** The brand's colours for a screen: its accent, and a night-blue stage tinted with it. */
export function useScreenColours(): { accent: string; background: string } {
  const brand = useBrand();
  const accent = brand.info.color;
  return {
    accent,
    background: `radial-gradient(circle at 50% 0%, ${accent}40 0%, #071429 45%, #030a17 100%)`,
  };
}

/** A big screen's title bar: the brand's logo and name, the screen's title, the clock (one timer, cleared on leave). */
export function ScreenHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  const brand = useBrand();
  const { accent } = useScreenColours();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <header className="screen-header" style={{ borderBottomColor: accent }}>
      <div className="screen-header__brand">
        <img src={brand.info.logo} alt={brand.info.brand || brandTitle(brand, currentLang())} />
        <span>{brandTitle(brand, currentLang())}</span>
      </div>
      <h1>{title}</h1>
      <div className="screen-header__clock" style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
        {extra}
        <time dateTime={new Date(now).toISOString()}>{formatDate(now)}</time>
      </div>
    </header>
  );
}

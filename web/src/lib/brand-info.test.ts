import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, isSafeImageUrl, parseBrand } from './brand-info.ts';

const pack = {
  color: '#0f9d76',
  logo: '/brands/liftgo/logo.svg',
  company: 'LiftGo Equipment Rental Ltd.',
  homepage: 'https://www.liftgo.example',
  brand: 'LiftGo',
  region: 'global',
  title: { zh: 'LiftGo 设备云', en: 'LiftGo Fleet Console' },
  theme: {
    header: '#0d7f5f',
    sidebar: '#031f18',
    sidebarText: '#ffffff',
    versionBg: '#dbf0ea',
    versionText: '#0c7256',
  },
  languageSwitch: true,
  copyright: { zh: '© 2026 LiftGo', en: '© 2026 LiftGo' },
};

describe('parseBrand', () => {
  it('reads the brand JSON string and the app id', () => {
    const brand = parseBrand({ data: JSON.stringify(pack), appid: 'liftgo' });
    expect(brand.appid).toBe('liftgo');
    expect(brand.info.title.en).toBe('LiftGo Fleet Console');
    expect(brand.info.theme.sidebar).toBe('#031f18');
    expect(brand.info.languageSwitch).toBe(true);
  });
  it('falls back to the default look when the string is not JSON', () => {
    expect(parseBrand({ data: '{oops', appid: 'x' })).toEqual({ ...DEFAULT_BRAND, appid: 'x' });
  });
  it('keeps the default for colours and logos that could inject anything', () => {
    const hostile = {
      ...pack,
      color: 'red;background:url(javascript:alert(1))',
      logo: 'javascript:alert(1)',
      theme: { ...pack.theme, header: 'expression(alert(1))' },
    };
    const brand = parseBrand({ data: JSON.stringify(hostile), appid: 'evil' });
    expect(brand.info.color).toBe(DEFAULT_BRAND.info.color);
    expect(brand.info.logo).toBe(DEFAULT_BRAND.info.logo);
    expect(brand.info.theme.header).toBe(DEFAULT_BRAND.info.theme.header);
    expect(brand.info.theme.sidebar).toBe(pack.theme.sidebar);
  });
});

describe('isSafeImageUrl', () => {
  it('accepts same-origin paths, http(s) URLs and raster data URLs', () => {
    expect(isSafeImageUrl('/brands/jd/logo.png')).toBe(true);
    expect(isSafeImageUrl('https://cdn.example/logo.png')).toBe(true);
    expect(isSafeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
  });
  it('refuses script, protocol-relative and SVG data URLs', () => {
    expect(isSafeImageUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeImageUrl('//evil.example/x.png')).toBe(false);
    expect(isSafeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSafeImageUrl('data:text/html,<script>')).toBe(false);
  });
});

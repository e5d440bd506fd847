import { describe, expect, it } from 'vitest';
import { defaultLang } from './i18n.ts';

describe('defaultLang', () => {
  it('is Chinese in the six Chinese time zones', () => {
    for (const zone of [
      'Asia/Shanghai',
      'Asia/Harbin',
      'Asia/Chongqing',
      'Asia/Urumqi',
      'Asia/Hong_Kong',
      'Asia/Taipei',
    ]) {
      expect(defaultLang(zone, null)).toBe('zh-cn');
    }
  });
  it('is English elsewhere', () => {
    for (const zone of [
      'UTC',
      'Europe/London',
      'America/New_York',
      'Asia/Tokyo',
      'Asia/Singapore',
      'Australia/Sydney',
    ]) {
      expect(defaultLang(zone, null)).toBe('en');
    }
  });
  it('lets a saved choice win over the zone', () => {
    expect(defaultLang('Asia/Shanghai', 'en')).toBe('en');
    expect(defaultLang('Europe/Berlin', 'zh-cn')).toBe('zh-cn');
  });
  it('ignores a saved value that is not a language of the console', () => {
    expect(defaultLang('Asia/Shanghai', 'fr')).toBe('zh-cn');
    expect(defaultLang('UTC', '')).toBe('en');
  });
});

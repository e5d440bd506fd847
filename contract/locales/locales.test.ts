import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allMenuEntries } from '../screens/all.ts';
import { MENU_GROUPS } from '../screens/menu-groups.ts';

const dir = import.meta.dirname;
const read = (lang: string, file: string) =>
  JSON.parse(readFileSync(join(dir, lang, file), 'utf8')) as Record<string, string>;
const catalogs = readdirSync(join(dir, 'zh-CN')).filter((f) => f.endsWith('.json'));
const HAN = /\p{Script=Han}/u;

describe('contract catalogs (i18next resources)', () => {
  it('has an English catalog for every Chinese one and no other', () => {
    expect(catalogs.length).toBeGreaterThan(0);
    expect(
      readdirSync(join(dir, 'en-US'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(catalogs.sort());
  });

  it.each(catalogs)('%s has the same keys in zh-CN and en-US, none empty, no Chinese in English', (file) => {
    const zh = read('zh-CN', file);
    const en = read('en-US', file);
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect([...Object.values(zh), ...Object.values(en)].filter((text) => text.trim() === '')).toEqual([]);
    expect(Object.values(en).filter((text) => HAN.test(text))).toEqual([]);
  });

  it('names every menu entry and group with a key of the menus catalog, and holds no unused key', () => {
    const used = new Set<string>([
      ...allMenuEntries().map((e) => e.title),
      ...Object.values(MENU_GROUPS).map((g) => g.title),
    ]);
    const keys = Object.keys(read('zh-CN', 'menus.json'));
    expect(keys.length).toBeGreaterThan(0);
    expect([...used].filter((key) => !keys.includes(key))).toEqual([]);
    expect(keys.filter((key) => !used.has(key))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(leaves);
}

const read = (lang: string, file: string) => JSON.parse(readFileSync(join(dir, lang, file), 'utf8')) as unknown;
const areas = readdirSync(join(dir, 'zh-CN')).filter((f) => f.endsWith('.json'));
const HAN = /\p{Script=Han}/u;
// Language names are written in their own language in both catalogs (a language menu shows 中文 / English).
const ENDONYMS = new Set(['中文']);

describe('message catalogs', () => {
  it('has an English catalog for every Chinese one and no other', () => {
    const english = readdirSync(join(dir, 'en-US')).filter((f) => f.endsWith('.json'));
    expect(english.sort()).toEqual(areas.sort());
  });

  it.each(areas)('%s has the same keys in zh-CN and en-US', (file) => {
    expect(keys(read('en-US', file)).sort()).toEqual(keys(read('zh-CN', file)).sort());
  });

  it.each(areas)('%s has no Chinese in English and no empty text', (file) => {
    const english = leaves(read('en-US', file));
    expect(english.filter((text) => HAN.test(text) && !ENDONYMS.has(text))).toEqual([]);
    expect([...english, ...leaves(read('zh-CN', file))].filter((text) => text.trim() === '')).toEqual([]);
  });
});

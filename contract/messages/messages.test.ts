import { describe, expect, it } from 'vitest';
import { enUS } from './en-US.ts';
import { translate } from './translate.ts';
import { zhCN } from './zh-CN.ts';

describe('server messages', () => {
  it('has no Chinese in English messages and Chinese in every Chinese one but the legacy literals', () => {
    const han = /\p{Script=Han}/u;
    expect(Object.entries(enUS).filter(([, text]) => han.test(text))).toEqual([]);
    // 'system logout' is matched literally by the console in both languages (spec section 8).
    const untranslated = Object.entries(zhCN).filter(([, text]) => !han.test(text));
    expect(untranslated.map(([key]) => key)).toEqual(['error.logout']);
  });

  it('has the same keys, with the same parameters, in both languages', () => {
    const params = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(enUS).sort()).toEqual(Object.keys(zhCN).sort());
    const differing = Object.entries(zhCN).filter(
      ([key, text]) => params(text).join() !== params(enUS[key as keyof typeof enUS]).join(),
    );
    expect(differing).toEqual([]);
    // The old single-brace syntax would be shown to users as it is.
    const stray = [...Object.values(zhCN), ...Object.values(enUS)].filter((text) => /(^|[^{])\{\w+\}(?!\})/.test(text));
    expect(stray).toEqual([]);
  });

  it('fills parameters and translates into the requested language', () => {
    expect(translate('en_US', 'upload.tooMany', { max: 10 })).toBe('Upload at most 10 files');
    expect(translate('zh_CN', 'upload.tooMany', { max: 10 })).toBe('最多上传10个文件');
  });
});

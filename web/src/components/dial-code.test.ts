import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../lib/brand-info.ts';
import { defaultDialCode } from './dial-code.ts';

const info = DEFAULT_BRAND.info;

describe('defaultDialCode', () => {
  it('starts a regional brand at +86 whatever the browser', () => {
    expect(defaultDialCode({ ...info, region: 'zh' }, ['en-GB'])).toBe('86');
  });

  it("starts a global brand at its own region's code", () => {
    expect(defaultDialCode({ ...info, region: 'global', dialCode: '61' }, ['en-GB', 'zh-CN'])).toBe('61');
  });

  it("falls back to the browser's country for a global brand that names none, and to +86 past the offered codes", () => {
    expect(defaultDialCode({ ...info, region: 'global' }, ['en-GB'])).toBe('44');
    expect(defaultDialCode({ ...info, region: 'global' }, ['en-SG', 'en-GB'])).toBe('65');
    expect(defaultDialCode({ ...info, region: 'global' }, ['pt-BR'])).toBe('86');
  });
});

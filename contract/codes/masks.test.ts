import { describe, expect, it } from 'vitest';
import { maskIdNumber, maskName } from './masks.ts';

describe('real-name masks (spec section 5)', () => {
  it('shows the first character and * of a 2-character name, first and last of a longer one', () => {
    expect(maskName('王伟')).toBe('王*');
    expect(maskName('王建国')).toBe('王*国');
    expect(maskName('欧阳小明')).toBe('欧*明');
    expect(maskName('Li')).toBe('L*');
    expect(maskName('王')).toBe('王');
    expect(maskName('')).toBe('');
  });
  it('keeps the first 6 and last 4 characters of an identity number, 8 stars between', () => {
    expect(maskIdNumber('110105194912310021')).toBe('110105********0021');
    expect(maskIdNumber('91310115MA1K4ABCDX')).toBe('913101********BCDX');
    expect(maskIdNumber('12345')).toBe('*****');
    expect(maskIdNumber('')).toBe('');
  });
});

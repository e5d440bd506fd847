import { describe, expect, it } from 'vitest';
import { isDarkColor, isHexColor, mixWithWhite } from './color.ts';

describe('mixWithWhite', () => {
  it('mixes 15% white into the colour by default (the hover colour)', () => {
    expect(mixWithWhite('#000000')).toBe('#262626');
    expect(mixWithWhite('#1d63c9')).toBe('#3f7ad1');
    expect(mixWithWhite('#ffffff')).toBe('#ffffff');
  });
  it('reads three-digit colours', () => {
    expect(mixWithWhite('#f00', 0.5)).toBe('#ff8080');
  });
  it('leaves anything that is not a hex colour untouched', () => {
    expect(mixWithWhite('red')).toBe('red');
  });
});

describe('isHexColor and isDarkColor', () => {
  it('accepts only #rgb and #rrggbb', () => {
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#a1b2c3')).toBe(true);
    expect(isHexColor('url(javascript:x)')).toBe(false);
    expect(isHexColor('#12345')).toBe(false);
  });
  it('tells dark headers (light text) from light ones', () => {
    expect(isDarkColor('#1d63c9')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
  });
});

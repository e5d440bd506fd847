import { describe, expect, it } from 'vitest';
import { formatDate, isExternal, maskIdNumber, maskName } from './format.ts';

describe('isExternal', () => {
  it('treats http, https, mailto, tel and blob links as external', () => {
    for (const link of [
      'http://a.example',
      'https://a.example/x',
      'mailto:a@b.example',
      'tel:+8613800000000',
      'blob:https://a/1',
    ]) {
      expect(isExternal(link)).toBe(true);
    }
  });
  it('keeps console paths and other schemes internal', () => {
    for (const link of ['/dashboard', 'dashboard', 'javascript:alert(1)', 'ftp://a.example', 'httpfoo']) {
      expect(isExternal(link)).toBe(false);
    }
  });
});

describe('maskName', () => {
  it('shows the first character and a star for two-character names', () => {
    expect(maskName('张三')).toBe('张*');
  });
  it('shows first and last character around a star for longer names', () => {
    expect(maskName('欧阳娜娜')).toBe('欧*娜');
    expect(maskName('王小明')).toBe('王*明');
    expect(maskName('Alice')).toBe('A*e');
  });
  it('keeps characters outside the basic plane whole', () => {
    expect(maskName('𠀋一')).toBe('𠀋*');
  });
  it('leaves a single character and an empty name as they are', () => {
    expect(maskName('李')).toBe('李');
    expect(maskName('')).toBe('');
  });
});

describe('maskIdNumber', () => {
  it('keeps the first 6 and last 4 characters with 8 stars between', () => {
    expect(maskIdNumber('110101199003074578')).toBe('110101********4578');
    expect(maskIdNumber('11010119900307X')).toBe('110101********307X');
  });
  it('hides a number too short to keep 10 characters entirely', () => {
    expect(maskIdNumber('1234567890')).toBe('**********');
  });
});

describe('formatDate', () => {
  const date = new Date(2026, 0, 5, 7, 8, 9);
  it('fills yyyy, MM, dd, hh, mm and ss with padding', () => {
    expect(formatDate(date)).toBe('2026-01-05 07:08:09');
    expect(formatDate(date, 'yyyy/MM/dd')).toBe('2026/01/05');
    expect(formatDate(date, 'hh:mm')).toBe('07:08');
  });
  it('uses 24-hour hours', () => {
    expect(formatDate(new Date(2026, 11, 31, 23, 59, 0), 'hh:mm:ss')).toBe('23:59:00');
  });
  it('accepts timestamps and date strings', () => {
    expect(formatDate(date.getTime(), 'yyyyMMdd')).toBe('20260105');
    expect(formatDate('2026-03-04T05:06:07', 'yyyy-MM-dd hh:mm:ss')).toBe('2026-03-04 05:06:07');
  });
  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

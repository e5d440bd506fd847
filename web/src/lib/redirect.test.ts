import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('returns console paths with their query', () => {
    expect(safeRedirect('/leaseCenter/contractMng?status=7')).toBe('/leaseCenter/contractMng?status=7');
  });
  it('sends anything that could leave the console to /', () => {
    for (const value of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(value)).toBe('/');
    }
  });
});

describe('loginPathFor', () => {
  it('puts the encoded path and query into the redirect parameter', () => {
    expect(loginPathFor('/warning/all?page=2&x=a b')).toBe('/login?redirect=%2Fwarning%2Fall%3Fpage%3D2%26x%3Da%20b');
  });
});

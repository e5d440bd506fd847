import { describe, expect, it } from 'vitest';
import { codeColumnWidth, textWidth } from './field-width.ts';

describe('code column width', () => {
  it('gives a Chinese character a full em and a Latin one about half', () => {
    expect(textWidth('在线', 12)).toBe(24);
    expect(textWidth('Online', 12)).toBeGreaterThan(30);
    expect(textWidth('Online', 12)).toBeLessThan(50);
  });

  it('fits the longest label of the table or the header, whichever is wider', () => {
    const narrow = codeColumnWidth('Status', ['On', 'Off']);
    const wide = codeColumnWidth('Status', ['On', 'Waiting for the technician']);
    expect(wide).toBeGreaterThan(narrow);
    expect(wide).toBeGreaterThanOrEqual(textWidth('Waiting for the technician', 12) + 16 + 32);
    expect(codeColumnWidth('A rather long column header', ['On'])).toBeGreaterThanOrEqual(
      textWidth('A rather long column header', 14),
    );
  });
});

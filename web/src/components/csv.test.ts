import { describe, expect, it } from 'vitest';
import { BOM, csvCell, toCsv } from './csv.ts';

describe('CSV writer', () => {
  it('starts with a BOM and ends lines with CRLF, so Excel reads Chinese', () => {
    const text = toCsv(['姓名', '手机号'], [['李雷', '13800000005']]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1)).toBe('姓名,手机号\r\n李雷,13800000005\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes empty cells for null and undefined and keeps numbers', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, undefined, -12.5]]).slice(1)).toBe('a,b,c\r\n,,-12.5\r\n');
  });

  it('makes formula-like text inert', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-3')).toBe('-3');
    expect(csvCell('+86 138')).toBe("'+86 138");
  });
});

import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { figureText } from '../lib/money.ts';
import { Figure } from './figure.tsx';

/** What a reader reads in a figure card, tags left out. */
const read = (html: string) => html.replace(/<[^>]+>/g, '');

describe('a figure and its unit', () => {
  it('reads in a card as in a table: a space before a unit, none before a percent sign', () => {
    expect(read(renderToString(<Figure title="Hours worked" value={29811.7} unit="h" />))).toBe(
      'Hours worked29,811.7 h',
    );
    expect(read(renderToString(<Figure title="Energy" value={22743.7} unit="kWh" />))).toBe('Energy22,743.7 kWh');
    expect(read(renderToString(<Figure title="Utilisation" value={16} unit="%" />))).toBe('Utilisation16%');
    expect(read(renderToString(<Figure title="Machines" value={1234} />))).toBe('Machines1,234');
    expect(figureText(29811.7, 'h')).toBe('29,811.7 h');
    expect(figureText(22743.7, 'kWh')).toBe('22,743.7 kWh');
    expect(figureText(16, '%')).toBe('16%');
  });

  it('keeps the number alone in the value, as a reader copies it', () => {
    const html = renderToString(<Figure title="Hours worked" value={29811.7} unit="h" />);
    expect(/ant-statistic-content-value"[^>]*>([^<]*)</.exec(html)?.[1]).toBe('29,811.7');
  });

  it('writes the decimals a figure carries, at most two, or those asked for', () => {
    expect(figureText(0.1 + 0.2)).toBe('0.3');
    expect(figureText(2 / 3, '%')).toBe('0.67%');
    expect(figureText(33.333, '%', 1)).toBe('33.3%');
    expect(figureText(12)).toBe('12');
  });
});

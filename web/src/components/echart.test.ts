import { describe, expect, it } from 'vitest';
import { drawnOption } from './echart.tsx';

describe('a chart for a user who asks for reduced motion', () => {
  const option = { xAxis: { type: 'category', data: ['Mon'] }, series: [{ type: 'bar', data: [3] }] };

  it('is drawn at once, its data as given', () => {
    expect(drawnOption(option, true)).toEqual({ ...option, animation: false });
  });

  it('grows as ECharts draws it for everyone else', () => {
    expect(drawnOption(option, false)).toBe(option);
  });
});

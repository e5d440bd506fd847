import { describe, expect, it } from 'vitest';
import { statusColor, statusMix, worstStatus } from './status-colors.ts';

const counts = (byStatus: Record<number, number>) => Array.from({ length: 10 }, (_, s) => byStatus[s] ?? 0);

describe('cluster colours', () => {
  it('take the worst state inside: one alarm among working machines makes the cluster an alarm', () => {
    expect(worstStatus(counts({ 6: 99, 8: 1 }))).toBe(8);
    expect(worstStatus(counts({ 6: 5, 3: 2 }))).toBe(3);
    expect(worstStatus(counts({ 6: 5, 2: 1, 4: 1 }))).toBe(4);
  });

  it('ring every state inside by its share', () => {
    const mix = statusMix(counts({ 6: 3, 8: 1 }));
    expect(mix).toContain(`${statusColor(6)} 0.0deg 270.0deg`);
    expect(mix).toContain(`${statusColor(8)} 270.0deg 360.0deg`);
  });
});

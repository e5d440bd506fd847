import { describe, expect, it } from 'vitest';
import { rankCases, terms } from './rank.ts';

const base = { symptom: '', cause: '', faultTypes: [] as string[] };

describe('case ranking', () => {
  it('splits Latin words and pairs of Chinese characters', () => {
    expect(terms('Boom drifts down, 臂架下沉')).toEqual(['boom', 'drifts', 'down', '臂架', '架下', '下沉']);
  });

  it('puts the same kind with shared fault types and words first, and leaves out what shares nothing', () => {
    const cases = [
      { ...base, id: 1, title: 'Pump pressure low', machineKind: 'concretePump' as const, faultTypes: ['hydraulic'] },
      { ...base, id: 2, title: 'Boom drifts down', machineKind: 'aerialPlatform' as const, faultTypes: ['hydraulic'] },
      { ...base, id: 3, title: 'Tyre worn', machineKind: 'forklift' as const, faultTypes: ['tyres'] },
      { ...base, id: 4, title: 'Platform will not lift', machineKind: 'aerialPlatform' as const, faultTypes: [] },
    ];
    const ranked = rankCases(cases, { machineKind: 'aerialPlatform', faultTypes: ['hydraulic'], text: 'boom drifts' });
    expect(ranked.map((m) => m.id)).toEqual([2, 4, 1]);
    expect(ranked[0]!.score).toBe(3 + 2 + 1.5 + 1.5);
  });
});

import { describe, expect, it } from 'vitest';
import { kindData, type KindData } from './payloads.ts';
import { readStoredData, STORED_SHAPES, storedData, storedPositions } from './stored-data.ts';

const pump: KindData = {
  kind: 'concretePump',
  pumpStatus: 'pumping',
  mode: 'performance',
  displacementM3h: 86.5,
  pressureMpa: 21,
  pumpCurrentA: [140, 152.5],
  engineHours: 1204.6,
  faults: ['E_HYD_TEMP'],
};

describe('telemetry stored as values', () => {
  it('writes each kind in the last shape of its kind, every field of the contract in it', () => {
    for (const option of kindData.options) {
      const kind = option.shape.kind.value;
      const written = STORED_SHAPES.findLast((s) => s.kind === kind);
      expect(written, kind).toBeDefined();
      expect([...written!.fields].sort()).toEqual(
        Object.keys(option.shape)
          .filter((k) => k !== 'kind')
          .sort(),
      );
    }
  });

  it('reads back the reading it was written from, without the field names', () => {
    const stored = storedData(pump);
    expect(stored).toBe('[1,"pumping","performance",86.5,21,[140,152.5],1204.6,["E_HYD_TEMP"]]');
    expect(readStoredData(stored)).toEqual(pump);
    expect(readStoredData(JSON.parse(stored) as unknown[])).toEqual(pump);
  });

  it('finds a numeric reading, or an element of one, by its position in the shape', () => {
    expect(storedPositions('concretePump', 'pressureMpa')).toEqual([{ shape: 1, path: [4] }]);
    expect(storedPositions('concretePump', 'pumpCurrentA.1')).toEqual([{ shape: 1, path: [5, 1] }]);
    expect(storedPositions('boat', 'pressureMpa')).toEqual([]);
  });

  it('refuses a row of a shape it does not know', () => {
    expect(() => readStoredData('[99,1,2]')).toThrow(/unknown shape 99/);
  });
});

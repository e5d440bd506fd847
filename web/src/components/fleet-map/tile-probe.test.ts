import { describe, expect, it } from 'vitest';
import { TileProbe } from './tile-probe.ts';

describe('tile probe', () => {
  it('calls a server reachable once a tile arrives, even after a failed one', () => {
    const probe = new TileProbe(2);
    expect(probe.failed()).toBe('pending');
    expect(probe.loaded()).toBe('reachable');
    expect(probe.failed()).toBe('reachable');
    expect(probe.timedOut()).toBe('reachable');
  });

  it('calls a server unreachable after failed tiles with none delivered', () => {
    const probe = new TileProbe(2);
    expect(probe.failed()).toBe('pending');
    expect(probe.failed()).toBe('unreachable');
    expect(probe.loaded()).toBe('unreachable');
  });

  it('calls a silent server unreachable when the probe time passes', () => {
    const probe = new TileProbe(2);
    expect(probe.timedOut()).toBe('unreachable');
  });
});

import { describe, expect, it } from 'vitest';
import { PLATFORM_HEIGHT_M } from '@console/contract/codes/lift-heights';
import type { KindData, TelemetryMessage } from '@console/contract/mqtt/payloads';
import { harness, spec } from '../test-harness.ts';

const DAY = 86_400_000;
type Platform = Extract<KindData, { kind: 'aerialPlatform' }>;

/** A week of 5-minute reports from six lifts of each model and six whose model is not known. */
function heights() {
  const models = { SCI: 'JCPT1412DC scissor lift', BOO: 'GTZZ22J 曲臂式升降平台', UNK: null };
  const specs = Object.entries(models).flatMap(([prefix, model]) =>
    [1, 2, 3, 4, 5, 6].map((n) => spec(`AWP-${prefix}${n}`, 'aerialPlatform', { model, reportIntervalS: 300 })),
  );
  const h = harness(specs, { seed: 5 });
  h.run(7 * DAY, 300_000);
  const highest = (prefix: string) =>
    Math.max(
      ...specs
        .filter((s) => s.serial.startsWith(`AWP-${prefix}`))
        .flatMap((s) => h.transport.of(s.serial, 'telemetry'))
        .map((sent) => ((sent.message as TelemetryMessage).data as Platform).platformHeightM),
    );
  return { scissor: highest('SCI'), boom: highest('BOO'), unknown: highest('UNK') };
}

describe('an aerial platform', () => {
  it("lifts its platform only as high as its model reaches, the model's name in either language", () => {
    const h = heights();
    const scissor = PLATFORM_HEIGHT_M['JCPT1412DC scissor lift']!;
    const boom = PLATFORM_HEIGHT_M['GTZZ22J boom lift']!;
    expect(h.scissor).toBeGreaterThan(2);
    expect(h.scissor).toBeLessThanOrEqual(scissor);
    // A boom lift goes above any scissor lift's reach, never above its own.
    expect(h.boom).toBeGreaterThan(scissor);
    expect(h.boom).toBeLessThanOrEqual(boom);
    // One of unknown model is one of the known models: never above the highest of them.
    expect(h.unknown).toBeLessThanOrEqual(Math.max(...Object.values(PLATFORM_HEIGHT_M)));
  });
});

import { describe, expect, it } from 'vitest';
import { deviceSecret, deviceSecretMatches, hashDeviceSecret } from './credentials.ts';

describe('device credentials', () => {
  it('derives the same secret for a serial from the same fleet secret, and different ones otherwise', () => {
    expect(deviceSecret('fleet', 'AWP000001')).toBe(deviceSecret('fleet', 'AWP000001'));
    expect(deviceSecret('fleet', 'AWP000001')).not.toBe(deviceSecret('fleet', 'AWP000002'));
    expect(deviceSecret('fleet', 'AWP000001')).not.toBe(deviceSecret('other', 'AWP000001'));
    expect(deviceSecret('fleet', 'AWP000001')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('checks a secret against its stored hash only', () => {
    const stored = hashDeviceSecret(deviceSecret('fleet', 'AWP000001'));
    expect(stored).not.toContain(deviceSecret('fleet', 'AWP000001'));
    expect(deviceSecretMatches(deviceSecret('fleet', 'AWP000001'), stored)).toBe(true);
    expect(deviceSecretMatches(deviceSecret('fleet', 'AWP000002'), stored)).toBe(false);
    expect(deviceSecretMatches('x', '')).toBe(false);
  });
});

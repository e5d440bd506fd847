import { describe, expect, it } from 'vitest';
import { readPaygateEnv } from '@console/paygate/src/env';
import { readEnv } from '@console/server/src/lib/env';
import { esignSettings } from '@console/server/src/lease/esign-client';
// The simulated e-signature provider is no dependency of the tests' package: its settings are read from its source.
import { readProviderEnv } from '../../../esign/src/env.ts';

/**
 * The server and the simulated providers read the same ESIGN_PORT / PAYGATE_PORT (`npm start` hands both sides the
 * same values): with no URL set, the server calls the port the provider listens on (decision 030, addendum).
 */
describe('the server and the simulated providers agree on the ports', () => {
  for (const source of [{}, { ESIGN_PORT: '18195', PAYGATE_PORT: '18196' }]) {
    it(`with ${JSON.stringify(source)}`, () => {
      const server = readEnv(source);
      const esign = readProviderEnv(source);
      const paygate = readPaygateEnv(source);
      expect(new URL(server.ESIGN_URL).port).toBe(String(esign.port));
      expect(new URL(server.PAYGATE_URL).port).toBe(String(paygate.port));
      expect(esignSettings(server).url).toBe(`http://127.0.0.1:${esign.port}`);
    });
  }
});

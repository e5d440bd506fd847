import { describe, expect, it } from 'vitest';
import { developmentSecretsInUse, readEnv } from './env.ts';

describe('server settings', () => {
  it('runs on development defaults for the broker and the fleet, and names them for production to replace', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ MQTT_PORT: 1884, MQTT_SERVER_USER: 'console-server', INGEST_FLUSH_MS: 200 });
    expect(developmentSecretsInUse(env)).toEqual(['FLEET_SECRET', 'MQTT_SERVER_PASSWORD']);
    const own = readEnv({ FLEET_SECRET: 'a-real-fleet-secret', MQTT_SERVER_PASSWORD: 'a-real-password' });
    expect(developmentSecretsInUse(own)).toEqual([]);
  });
});

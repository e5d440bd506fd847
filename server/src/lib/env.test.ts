import { describe, expect, it } from 'vitest';
import { developmentSecretsInUse, providerUrls, readEnv } from './env.ts';

describe('server settings', () => {
  it('runs on development defaults for the broker and the fleet, and names them for production to replace', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ MQTT_PORT: 1884, MQTT_SERVER_USER: 'console-server', INGEST_FLUSH_MS: 200 });
    expect(developmentSecretsInUse(env)).toEqual(['FLEET_SECRET', 'MQTT_SERVER_PASSWORD']);
    const own = readEnv({ FLEET_SECRET: 'a-real-fleet-secret', MQTT_SERVER_PASSWORD: 'a-real-password' });
    expect(developmentSecretsInUse(own)).toEqual([]);
  });
});

describe('provider addresses', () => {
  it('reach the simulated providers on this machine at their default ports', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      ESIGN_PORT: 8095,
      ESIGN_URL: 'http://127.0.0.1:8095',
      PAYGATE_PORT: 8096,
      PAYGATE_URL: 'http://127.0.0.1:8096',
    });
  });

  it('follow ESIGN_PORT and PAYGATE_PORT when no URL is set, so a second stack talks to its own providers', () => {
    const env = readEnv({ ESIGN_PORT: '9195', PAYGATE_PORT: '9196' });
    expect(env.ESIGN_URL).toBe('http://127.0.0.1:9195');
    expect(env.PAYGATE_URL).toBe('http://127.0.0.1:9196');
    expect(providerUrls({ ESIGN_PORT: 1, PAYGATE_PORT: 2 })).toEqual({
      ESIGN_URL: 'http://127.0.0.1:1',
      PAYGATE_URL: 'http://127.0.0.1:2',
    });
  });

  it('keep a URL that is set, whatever the ports say (a real provider)', () => {
    const env = readEnv({
      ESIGN_URL: 'https://esign.example/api',
      ESIGN_PORT: '9195',
      PAYGATE_URL: 'https://pay.example',
      PAYGATE_PORT: '9196',
    });
    expect(env).toMatchObject({ ESIGN_URL: 'https://esign.example/api', PAYGATE_URL: 'https://pay.example' });
  });

  it('refuses a port that is not one', () => {
    expect(() => readEnv({ ESIGN_PORT: 'eighty' })).toThrow();
    expect(() => readEnv({ PAYGATE_PORT: '70000' })).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { DEV_ESIGN_APP_SECRET } from '@console/contract/lease/esign-protocol';
import { readEnv } from '../lib/env.ts';
import { esignSettings } from './esign-client.ts';

describe('e-signature settings', () => {
  it('reach the simulated provider with the development secret outside production', () => {
    const settings = esignSettings(readEnv({ PORT: '8081' }));
    expect(settings).toEqual({
      url: 'http://127.0.0.1:8095',
      appId: 'console-dev',
      secret: DEV_ESIGN_APP_SECRET,
      callbackUrl: 'http://127.0.0.1:8081/api/contract/esignCallback.do',
    });
  });

  it('switch signing off in production until the provider secret is set', () => {
    expect(esignSettings(readEnv({ NODE_ENV: 'production' })).secret).toBeNull();
    const own = esignSettings(
      readEnv({
        NODE_ENV: 'production',
        ESIGN_APP_SECRET: 'a-real-provider-secret',
        ESIGN_URL: 'https://esign.example/',
      }),
    );
    expect(own).toMatchObject({ secret: 'a-real-provider-secret', url: 'https://esign.example' });
  });
});

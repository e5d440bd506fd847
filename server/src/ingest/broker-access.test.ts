import { describe, expect, it } from 'vitest';
import type { Client } from 'aedes';
import { deviceSecret, hashDeviceSecret } from '@console/contract/mqtt/credentials';
import { brokerAccessHooks, serverMayPublish, serverMaySubscribe } from './broker-access.ts';

const FLEET = 'unit-fleet-secret';
const hooks = brokerAccessHooks({
  serverUser: 'srv',
  serverPassword: 'srv-password',
  deviceSecretHash: (sn) => (sn === 'AWP000001' ? hashDeviceSecret(deviceSecret(FLEET, sn)) : undefined),
});

function signIn(clientId: string, username?: string, password?: string) {
  const client = { id: clientId } as Client;
  return new Promise<{ client: Client; ok: boolean; code?: number }>((resolve) =>
    hooks.authenticate(client, username, password === undefined ? undefined : Buffer.from(password), (error, ok) =>
      resolve({ client, ok: Boolean(ok), code: error?.returnCode }),
    ),
  );
}
const publishAllowed = (client: Client | null, topic: string) =>
  new Promise<boolean>((resolve) =>
    hooks.authorizePublish(client, { topic, payload: '', cmd: 'publish', qos: 0, dup: false, retain: false }, (e) =>
      resolve(!e),
    ),
  );
const subscribeAllowed = (client: Client, topic: string) =>
  new Promise<boolean>((resolve) =>
    hooks.authorizeSubscribe(client, { topic, qos: 1 }, (_e, sub) => resolve(Boolean(sub))),
  );

describe('broker access', () => {
  it('signs in a machine with its own secret and client id, and the server with its password', async () => {
    expect((await signIn('AWP000001', 'AWP000001', deviceSecret(FLEET, 'AWP000001'))).ok).toBe(true);
    expect(await signIn('AWP000001', 'AWP000001', deviceSecret('other', 'AWP000001'))).toMatchObject({
      ok: false,
      code: 4,
    });
    expect(await signIn('AWP000002', 'AWP000002', deviceSecret(FLEET, 'AWP000002'))).toMatchObject({
      ok: false,
      code: 4,
    });
    expect(await signIn('someone', 'AWP000001', deviceSecret(FLEET, 'AWP000001'))).toMatchObject({
      ok: false,
      code: 2,
    });
    expect(await signIn('AWP000001')).toMatchObject({ ok: false, code: 4 });
    expect(await signIn('dev/#', 'dev/#', 'x')).toMatchObject({ ok: false, code: 4 });
    expect((await signIn('any-id', 'srv', 'srv-password')).ok).toBe(true);
    expect(await signIn('any-id', 'srv', 'srv-passwor')).toMatchObject({ ok: false, code: 4 });
  });

  it('lets a machine publish only its uplinks and subscribe only its commands', async () => {
    const { client } = await signIn('AWP000001', 'AWP000001', deviceSecret(FLEET, 'AWP000001'));
    for (const kind of ['telemetry', 'status', 'ack'])
      expect(await publishAllowed(client, `dev/AWP000001/up/${kind}`)).toBe(true);
    expect(await publishAllowed(client, 'dev/AWP000002/up/telemetry')).toBe(false);
    expect(await publishAllowed(client, 'dev/AWP000001/down/command')).toBe(false);
    expect(await publishAllowed(client, 'dev/AWP000001/up/other')).toBe(false);
    expect(await subscribeAllowed(client, 'dev/AWP000001/down/command')).toBe(true);
    expect(await subscribeAllowed(client, 'dev/AWP000002/down/command')).toBe(false);
    expect(await subscribeAllowed(client, 'dev/+/down/command')).toBe(false);
    expect(await subscribeAllowed(client, '#')).toBe(false);
  });

  it('lets the server read every uplink and write commands, nothing else', async () => {
    const { client } = await signIn('srv-1', 'srv', 'srv-password');
    expect(await subscribeAllowed(client, 'dev/+/up/#')).toBe(true);
    expect(await subscribeAllowed(client, '#')).toBe(false);
    expect(await publishAllowed(client, 'dev/AWP000001/down/command')).toBe(true);
    expect(await publishAllowed(client, 'dev/AWP000001/up/telemetry')).toBe(false);
    expect(serverMaySubscribe('dev/+/up/ack')).toBe(true);
    expect(serverMaySubscribe('dev/+/down/command')).toBe(false);
    expect(serverMaySubscribe('dev/+/up/#/x')).toBe(false);
    expect(serverMayPublish('dev/+/down/command')).toBe(false);
    expect(serverMayPublish('$SYS/x')).toBe(false);
  });

  it('refuses a client it never signed in, and lets the broker publish only uplink wills', async () => {
    const stranger = { id: 'x' } as Client;
    expect(await publishAllowed(stranger, 'dev/AWP000001/up/status')).toBe(false);
    expect(await subscribeAllowed(stranger, 'dev/AWP000001/down/command')).toBe(false);
    expect(await publishAllowed(null, 'dev/AWP000001/up/status')).toBe(true);
    expect(await publishAllowed(null, 'dev/AWP000001/down/command')).toBe(false);
  });
});

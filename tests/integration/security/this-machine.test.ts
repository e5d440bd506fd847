import { afterEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { FLEET_PROOF_HEADER, fleetManifestEndpoints, fleetProof } from '@console/contract/http/fleet-manifest';
import { DEV_FLEET_SECRET } from '@console/contract/mqtt/credentials';
import { ROLE } from '@console/contract/codes/roles';
import { demoAccount } from '@console/db/seed/accounts';
import { brokerHost, readEnv } from '@console/server/src/lib/env';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * A development server reachable from a network: its published defaults (the SMS outbox, the development fleet
 * secret) give nothing to another machine, while QA on the machine itself works as before (decision 020).
 */
const STRANGER = '203.0.113.9';
const victim = demoAccount(ROLE.lessorAdmin);
const TOKEN = 'qa-outbox-token-2026';

describe('development defaults open nothing to another machine', () => {
  let t: TestApp;
  afterEach(() => t.dbh.close());

  it('refuses the SMS outbox to another address, so a reset code cannot be read and used', async () => {
    t = await createTestApp();
    expect((await t.call(authEndpoints.code, { query: { mobile: victim, type: 'reset' }, ip: STRANGER })).status).toBe(
      '200',
    );
    const outbox = await t.call(authEndpoints.devSms, { query: { mobile: victim }, ip: STRANGER });
    expect(outbox).toMatchObject({
      status: '403',
      message:
        "The development outbox answers only on the server's own machine, or with the configured DEV_TOOLS_TOKEN",
      data: null,
    });
    const zh = await t.call(authEndpoints.devSms, { query: { mobile: victim }, ip: STRANGER, lang: 'zh_CN' });
    expect(zh.message).toBe('开发短信发件箱仅在服务器本机可用，或需提供已配置的 DEV_TOOLS_TOKEN');
    // On the machine itself QA reads the code as before, and it works.
    const code = await t.latestCode(victim);
    const reset = await t.call(authEndpoints.reset, {
      query: { mobile: victim, code, password: 'Reset@2026' },
      ip: STRANGER,
    });
    expect(reset.status).toBe('200');
  });

  it('opens the outbox to another address that presents the configured DEV_TOOLS_TOKEN, and only then', async () => {
    t = await createTestApp({ DEV_TOOLS_TOKEN: TOKEN });
    await t.call(authEndpoints.code, { query: { mobile: victim, type: 'reset' }, ip: STRANGER });
    const wrong = await t.call(authEndpoints.devSms, {
      query: { mobile: victim },
      ip: STRANGER,
      headers: { 'x-dev-token': 'qa-outbox-token-2027' },
    });
    expect(wrong.status).toBe('403');
    const right = await t.call(authEndpoints.devSms, {
      query: { mobile: victim },
      ip: STRANGER,
      headers: { 'x-dev-token': TOKEN },
    });
    expect(right.status).toBe('200');
    expect(right.data[0]).toMatchObject({ mobile: victim, code: expect.stringMatching(/^\d{6}$/) });
  });

  it('does not take a request relayed by a proxy on this machine for a local one unless the proxy is trusted', async () => {
    t = await createTestApp({ TRUST_PROXY: '0' });
    const relayed = await t.call(authEndpoints.devSms, { query: { mobile: victim }, ip: STRANGER });
    expect(relayed.status).toBe('403');
    // Even a relay that names a loopback client: without TRUST_PROXY its word is not taken.
    const relayedAsLocal = await t.send(authEndpoints.devSms, {
      query: { mobile: victim },
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(relayedAsLocal.envelope?.status).toBe('403');
  });

  it('answers the fleet manifest for a proof made with the development secret only on this machine', async () => {
    t = await createTestApp();
    const headers = { [FLEET_PROOF_HEADER]: fleetProof(DEV_FLEET_SECRET) };
    const remote = await t.call(fleetManifestEndpoints.manifest, { headers, ip: STRANGER });
    expect(remote).toMatchObject({ status: '403', data: null });
    const local = await t.call(fleetManifestEndpoints.manifest, { headers });
    expect(local.status).toBe('200');
    expect(local.data.total).toBeGreaterThan(0);
  });

  it('answers the fleet manifest to another machine that proves a secret of the deployment', async () => {
    t = await createTestApp({ FLEET_SECRET: 'a-secret-of-this-deployment' });
    const remote = await t.call(fleetManifestEndpoints.manifest, {
      headers: { [FLEET_PROOF_HEADER]: fleetProof('a-secret-of-this-deployment') },
      ip: STRANGER,
    });
    expect(remote.status).toBe('200');
  });

  it('keeps the embedded broker on loopback while a development secret is in use', () => {
    expect(brokerHost(readEnv({}))).toBe('127.0.0.1');
    expect(brokerHost(readEnv({ FLEET_SECRET: 'a-secret-of-this-deployment' }))).toBe('127.0.0.1');
    const own = readEnv({ FLEET_SECRET: 'a-secret-of-this-deployment', MQTT_SERVER_PASSWORD: 'a-server-password' });
    expect(brokerHost(own)).toBe('0.0.0.0');
    expect(brokerHost({ ...own, HOST: '10.1.2.3' })).toBe('10.1.2.3');
  });
});

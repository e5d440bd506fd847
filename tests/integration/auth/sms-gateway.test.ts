import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { ROLE } from '@console/contract/codes/roles';
import { smsOutbox } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { startGateway } from '../../fixtures/sms-gateway.ts';

describe('the SMS gateway (SMS_WEBHOOK_URL)', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let t: TestApp;
  beforeEach(async () => {
    gateway = await startGateway();
  });
  afterEach(async () => {
    t.dbh.close();
    await gateway.close();
  });
  const mobile = demoAccount(ROLE.lessorAdmin);

  it('posts every code to the gateway with its token, and development keeps the outbox copy', async () => {
    t = await createTestApp({ SMS_WEBHOOK_URL: gateway.url, SMS_WEBHOOK_TOKEN: 'gateway-secret' });
    const arrival = gateway.next();
    expect((await t.call(authEndpoints.code, { query: { mobile } })).status).toBe('200');
    await arrival;
    const code = await t.latestCode(mobile);
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]!.authorization).toBe('Bearer gateway-secret');
    expect(gateway.received[0]!.body).toMatchObject({ areaCode: '86', mobile });
    expect(gateway.received[0]!.body.text).toContain(code);
  });

  it('in production sends through the gateway only: nothing is written to an outbox', async () => {
    t = await createTestApp({ NODE_ENV: 'production', SMS_WEBHOOK_URL: gateway.url });
    const arrival = gateway.next();
    expect((await t.call(authEndpoints.code, { query: { mobile } })).status).toBe('200');
    await arrival;
    expect(gateway.received[0]!.body.text).toMatch(/\d{6}/);
    expect(gateway.received[0]!.authorization).toBeUndefined();
    expect(await t.dbh.db.select().from(smsOutbox).all()).toHaveLength(0);
  });

  it('a gateway that fails does not fail the request that sent the message', async () => {
    await gateway.close();
    const down = await startGateway(503);
    t = await createTestApp({ SMS_WEBHOOK_URL: down.url });
    const arrival = down.next();
    expect((await t.call(authEndpoints.code, { query: { mobile } })).status).toBe('200');
    await arrival;
    expect(down.received).toHaveLength(1);
    await down.close();
    gateway = await startGateway();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, ROLE_IDS } from '@console/contract/codes/roles';
import { ingestEndpoints } from '@console/contract/http/ingest';
import { INGEST_ROLES } from '@console/contract/access/ingest';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { commandRig, eventually, orgOf, ownedMachine } from '../commands/helpers.ts';
import { withoutLockTasks } from '../risk/helpers.ts';
import { connectMachine, platformReport, publishReport } from './helpers.ts';

describe('ingest stats for the operator', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let ingest: Ingest;
  beforeAll(async () => {
    ({ t, broker, ingest } = await commandRig());
    // The platform's command counts start from nothing: the seed's lock tasks and commands go.
    await withoutLockTasks(t.dbh);
  });
  afterAll(async () => {
    await ingest.stop();
    await broker.close();
    t.dbh.close();
  });
  const stats = async (roleId: (typeof ROLE_IDS)[number]) =>
    t.call(ingestEndpoints.stats, { token: await t.tokenFor(roleId), headers: { timeZone: 'UTC' } });

  it('counts what arrived, what was stored and what was refused, with the latest refusals', async () => {
    const device = await ownedMachine(t.dbh, await orgOf(t.dbh, ROLE.lessorAdmin), false);
    const unit = await connectMachine(broker.url, device.serialNumber);
    await publishReport(unit, device.serialNumber, '{"t": oops');
    await publishReport(unit, device.serialNumber, platformReport(Date.now()));
    await eventually('both messages', async () => ingest.stats().stored === 1 && ingest.stats().received === 2);
    await unit.endAsync();
    const res = await stats(ROLE.companyAdmin);
    expect(res.status).toBe('200');
    expect(res.data).toMatchObject({
      running: true,
      connected: true,
      received: 2,
      stored: 1,
      rejectedTotal: 1,
      rejected: { json: 1, schema: 0, unknownDevice: 0 },
      silenced: 0,
    });
    expect(res.data.batches).toBeGreaterThanOrEqual(1);
    expect(res.data.lagMs.max).toBeGreaterThanOrEqual(0);
    expect(res.data.recentRejects).toEqual([
      {
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        topic: `dev/${device.serialNumber}/up/telemetry`,
        reason: 'json',
        detail: expect.any(String),
      },
    ]);
    expect(res.data.commands).toMatchObject({ queued: 0, succeeded: 0 });
  });

  it('answers only the operator’s employees, administrators and process maintainers', async () => {
    expect(INGEST_ROLES).toEqual([ROLE.companyEmployee, ROLE.companyAdmin, ROLE.processMaintainer]);
    for (const roleId of ROLE_IDS.filter((r) => r !== ROLE.registeredUser)) {
      const allowed = (INGEST_ROLES as readonly number[]).includes(roleId);
      expect((await stats(roleId)).status, `role ${roleId}`).toBe(allowed ? '200' : '403');
    }
  });

  it('says so when this server runs no ingest', async () => {
    const bare = await createTestApp();
    const res = await bare.call(ingestEndpoints.stats, { token: await bare.tokenFor(ROLE.companyEmployee) });
    expect(res.data).toMatchObject({ running: false, connected: false, received: 0, recentRejects: [] });
    bare.dbh.close();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { devices } from '@console/db/schema/devices';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { dayInZone } from '@console/server/src/lib/time';
import { orgOf, ownedMachine } from '../commands/helpers.ts';

const DAY_MS = 24 * 3600 * 1000;

describe('the lifecycle labels of a machine', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  const labelsOf = async (id: number, lang: 'en_US' | 'zh_CN' = 'en_US') =>
    (await t.call(deviceDetailEndpoints.detail, { token: await t.tokenFor(ROLE.lessorAdmin), query: { id }, lang }))
      .data.conditions;

  it('labels a fitted, reporting machine not yet delivered as debugging, and a retired one as discontinued', async () => {
    const machine = await ownedMachine(t.dbh, await orgOf(t.dbh, ROLE.lessorAdmin), true);
    const set = (values: Partial<typeof devices.$inferInsert>) =>
      t.dbh.db.update(devices).set(values).where(eq(devices.id, machine.id)).run();
    const now = t.deps.now();
    await set({
      inventoryState: 'installed',
      leaseStatus: 'stock',
      customerOrgId: null,
      installedAt: dayInZone(now - 2 * DAY_MS, 'Asia/Shanghai'),
      lastReportAt: new Date(now),
    });
    expect(await labelsOf(machine.id)).toEqual(['debugging']);
    // Delivered to a customer: in service.
    await set({ leaseStatus: 'leased' });
    expect(await labelsOf(machine.id)).toEqual([]);
    // The owner takes its unit off: retired.
    await set({ inventoryState: 'inventory' });
    expect(await labelsOf(machine.id)).toEqual(['discontinued']);
  });
});

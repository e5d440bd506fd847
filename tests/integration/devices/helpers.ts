import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import type { DeviceRow } from '@console/contract/http/devices';
import { deviceEndpoints } from '@console/contract/http/devices';
import type { TestApp } from '../../fixtures/test-app.ts';

export const orgIdOf = async (t: TestApp, name: string) =>
  (await t.dbh.db.select().from(organisations).where(eq(organisations.name, name)).get())!.id;

export const LESSOR_A = 'Huadong Aerial Leasing';
export const LESSOR_B = 'Pearl River Lift Rental';

/** Every row of the device list for a query, page by page. */
export async function listAll(t: TestApp, token: string, query: Record<string, unknown> = {}) {
  const rows: DeviceRow[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call(deviceEndpoints.list, { token, query: { ...query, page, pageSize: 200 } });
    expect(res.status, res.message).toBe('200');
    rows.push(...(res.data.list as DeviceRow[]));
    if (rows.length >= res.data.total) return { rows, total: res.data.total as number };
  }
}

/** The devices table as rows. */
export const allDevices = (t: TestApp) => t.dbh.db.select().from(devices).all();

/** A machine of an owner, for edits: the first by id. */
export const firstDeviceOf = async (t: TestApp, orgId: number) =>
  (await t.dbh.db.select().from(devices).where(eq(devices.orgId, orgId)).orderBy(devices.id).limit(1).get())!;

/** Customers of a lessor (organisations under it of kind customer), by id: the first is the demo customer's. */
export const customersOf = async (t: TestApp, lessorId: number) =>
  (
    await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.parentId, lessorId))
      .orderBy(organisations.id)
      .all()
  ).filter((o) => o.kind === 'customer');

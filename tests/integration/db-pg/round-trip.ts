/**
 * Query code as the server writes it, over the sqlite tables of db/schema, run once per engine. Every result is
 * returned in plain values so both engines' answers compare whole.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { organisations, users } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { stores } from '@console/db/schema/lease';

/**
 * What the query code is written against: drizzle's SQLite database, awaited throughout so that the same code runs
 * on better-sqlite3 and on drizzle's pg driver (which renders the sqlite tables in its own dialect).
 */
export type AnyDb = BaseSQLiteDatabase<'async', unknown>;

export const REPORT_AT = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));

export async function roundTrip(db: AnyDb) {
  const startedAt = Date.now();

  // insert ... returning, with the database's defaults (identity / autoincrement id, created_at in ms)
  const [operator] = await db.insert(organisations).values({ name: 'Operator', kind: 'operator' }).returning();
  const lessors = await db
    .insert(organisations)
    .values([
      { name: 'Lessor A', kind: 'lessor', parentId: operator.id, taxRate: 0.06, rentalDomestic: true },
      { name: 'Lessor B', kind: 'lessor', parentId: operator.id },
    ])
    .returning({ id: organisations.id, taxRate: organisations.taxRate, rentalDomestic: organisations.rentalDomestic });
  const createdAt = operator.createdAt;

  const [user] = await db
    .insert(users)
    .values({ orgId: lessors[0].id, mobile: '13800000001', passwordHash: 'h', roleId: 1, disabled: true })
    .returning({ id: users.id, disabled: users.disabled, areaCode: users.areaCode });

  // a Date, a boolean, a json document and a real per machine
  await db.insert(devices).values(
    [1, 2, 3, 4].map((n) => ({
      orgId: lessors[n % 2].id,
      modelId: 1,
      kind: 'aerialPlatform' as const,
      serialNumber: `SN-${n}`,
      online: n % 2 === 0,
      latest: { engineRpm: 1000 + n, tags: ['a', n], nested: { ok: true } },
      lastReportAt: REPORT_AT,
      lat: 30.5 + n / 10,
    })),
  );
  const online = await db
    .select({
      serial: devices.serialNumber,
      online: devices.online,
      latest: devices.latest,
      lastReportAt: devices.lastReportAt,
      lat: devices.lat,
    })
    .from(devices)
    .where(and(eq(devices.online, true), gt(devices.lat, 30)))
    .orderBy(desc(devices.serialNumber));

  // count(*) as the server writes it (sql<number>) and drizzle's count(), per organisation
  const perOrg = await db
    .select({
      org: organisations.name,
      machines: sql<number>`count(*)`,
      online: count(sql`case when ${devices.online} then 1 end`),
    })
    .from(devices)
    .innerJoin(organisations, eq(organisations.id, devices.orgId))
    .groupBy(organisations.name)
    .orderBy(organisations.name);

  // update ... returning
  const [updated] = await db
    .update(devices)
    .set({ online: false, latest: { engineRpm: 0 }, lastReportAt: new Date(0) })
    .where(eq(devices.serialNumber, 'SN-2'))
    .returning({ online: devices.online, latest: devices.latest, lastReportAt: devices.lastReportAt });

  // onConflictDoUpdate on the (area_code, mobile) unique index, reading the proposed row through excluded.*
  const [upserted] = await db
    .insert(users)
    .values({ orgId: lessors[0].id, mobile: '13800000001', passwordHash: 'h2', roleId: 2, nickname: 'new' })
    .onConflictDoUpdate({
      target: [users.areaCode, users.mobile],
      set: { nickname: sql`excluded.nickname`, disabled: false },
    })
    .returning({ id: users.id, nickname: users.nickname, disabled: users.disabled });
  const [{ users: userCount }] = await db.select({ users: count() }).from(users);

  // onConflictDoNothing on a unique index: the second row of the pair is dropped
  const kept = await db
    .insert(stores)
    .values([
      { orgId: lessors[0].id, name: 'Depot', lat: 1.25 },
      { orgId: lessors[0].id, name: 'Depot', lat: 9 },
    ])
    .onConflictDoNothing({ target: [stores.orgId, stores.name] })
    .returning({ name: stores.name, lat: stores.lat });

  // text primary key, typed json, a required Date
  await db.insert(commands).values({
    id: 'cmd-1',
    deviceId: 1,
    orgId: lessors[0].id,
    type: 'lock',
    params: { level: 1 },
    reported: { lock: 'locked', sleeping: false },
    expiresAt: new Date(1_800_000_000_000),
  });
  const [command] = await db
    .select({
      params: commands.params,
      reported: commands.reported,
      state: commands.state,
      expiresAt: commands.expiresAt,
    })
    .from(commands)
    .where(eq(commands.id, 'cmd-1'));

  return {
    ids: {
      operator: operator.id,
      lessors: lessors.map((l) => l.id),
      user: user.id,
      upsertKeptId: upserted.id === user.id,
    },
    createdByDatabase:
      createdAt instanceof Date && createdAt.getTime() >= startedAt - 60_000 && createdAt.getTime() <= Date.now(),
    lessors,
    user,
    online,
    perOrg,
    updated,
    upserted,
    userCount,
    kept,
    command,
  };
}

/**
 * The query code's database on PostgreSQL (db/pg/database.ts, docs/decisions/067 step 3): the SQLite builders' ways
 * of running and SQL written by hand answer as on SQLite; a transaction rolls back, nests as a savepoint, takes the
 * statements of its context written through the outer database, and is run again after a serialization failure; a
 * unique index run into is read as on SQLite.
 */
import { aliasedTable, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDb, type AnyDbHandle, type Db } from '@console/db/client';
import { dialectOf } from '@console/db/dialect';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { uniqueViolation } from '@console/db/unique-violation';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.ts';

/** Query code as the server and the seed write it, answering plain values to compare across engines. */
async function exercise(db: Db) {
  const made = await db
    .insert(organisations)
    .values({ name: 'Lessor', kind: 'lessor', rentalDomestic: true })
    .returning({ id: organisations.id, rentalDomestic: organisations.rentalDomestic })
    .get();
  const many = await db
    .insert(organisations)
    .values([
      { name: 'Customer A', kind: 'customer', parentId: made.id },
      { name: 'Customer B', kind: 'customer', parentId: made.id },
    ])
    .returning({ name: organisations.name })
    .all();
  const inserted = await db
    .insert(users)
    .values([
      { orgId: made.id, mobile: '13800000001', passwordHash: 'h', roleId: 2 },
      { orgId: made.id, mobile: '13800000002', passwordHash: 'h', roleId: 3, disabled: true },
    ])
    .run();
  await db.insert(devices).values(
    [1, 2, 3].map((n) => ({
      orgId: made.id,
      modelId: 1,
      kind: 'aerialPlatform' as const,
      serialNumber: `SN-${n}`,
      online: n !== 2,
      latest: { engineRpm: 1000 + n, gps: { lat: 30 + n } },
    })),
  );
  const all = await db
    .select({ name: organisations.name, domestic: organisations.rentalDomestic })
    .from(organisations)
    .orderBy(organisations.id)
    .all();
  const one = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, made.id))
    .get();
  const none = await db.select().from(organisations).where(eq(organisations.name, 'nobody')).get();
  const values = await db
    .select({ mobile: users.mobile, disabled: users.disabled })
    .from(users)
    .orderBy(users.mobile)
    .values();
  const awaited = await db.select({ n: sql<number>`count(*)` }).from(users);
  const prepared = db
    .select({ mobile: users.mobile })
    .from(users)
    .where(eq(users.roleId, sql.placeholder('role')))
    .prepare();
  const byRole = [await prepared.all({ role: 3 }), await prepared.get({ role: 2 })];
  const updated = await db.update(users).set({ nickname: 'n' }).where(eq(users.orgId, made.id)).run();
  const updatedRows = await db
    .update(users)
    .set({ disabled: false })
    .where(eq(users.mobile, '13800000002'))
    .returning({ disabled: users.disabled })
    .all();
  const deleted = await db.delete(organisations).where(eq(organisations.name, 'Customer B')).run();
  const deletedRows = await db
    .delete(organisations)
    .where(eq(organisations.name, 'Customer A'))
    .returning({ name: organisations.name })
    .all();

  // SQL written by hand: objects by column name (aliases quoted to keep their case), booleans as 1/0.
  const rawAll = await db.all<{ orgName: string; users: number }>(sql`
    select o.name as "orgName", count(u.id) as users from organisations o join users u on u.org_id = o.id
    group by o.name order by o.name`);
  const rawGet = await db.get<{ online: number; serial: string }>(
    sql`select online, serial_number as serial from devices where serial_number = ${'SN-2'}`,
  );
  const rawValues = await db.values(sql`select serial_number, online from devices order by serial_number`);
  const rawRun = await db.run(sql`update devices set online = true where online = false`);

  // The dialect's functions, the same answers on both engines.
  const d = dialectOf(db);
  const dialect = await db
    .select({
      rpm: d.jsonNumber(devices.latest, 'engineRpm'),
      lat: d.jsonText(devices.latest, 'gps', 'lat'),
      bigger: d.greatest(devices.id, 2),
      smaller: d.least(devices.id, 2),
      like: d.likeNoCase(devices.serialNumber, 'sn-%'),
      at: d.position(devices.serialNumber, '-'),
      day: d.dayOfMs(86_400_000 * 3 + 5),
      ms: d.msOfDay(sql`${'2026-01-02'}`, '02:00:00'),
    })
    .from(devices)
    .orderBy(devices.id)
    .all();
  const grouped = await db
    .select({ serials: d.stringAgg(devices.serialNumber, ','), online: d.sumTrue(devices.online) })
    .from(devices)
    .get();
  // A set of ids as one JSON value (a session's organisations), in no set order: sorted here; none as an empty array.
  const idsOf = async (where: SQL) =>
    JSON.parse(
      (await db
        .select({ ids: d.jsonNumbers(devices.id) })
        .from(devices)
        .where(where)
        .get())!.ids,
    ) as number[];
  const idSets = {
    every: (await idsOf(sql`${devices.id} > 0`)).sort((a, b) => a - b),
    none: await idsOf(sql`${devices.id} < 0`),
  };
  // Joined in byte order of the text, not in the order the rows come (here the array's), on both engines alike.
  const joined = await db.get<{ all: string; once: string }>(
    sql`select ${d.stringAgg(d.jsonEachValue(), ';')} as ${sql.identifier('all')},
      ${d.stringAgg(d.jsonEachValue(), ',', { distinct: true })} as once
      from ${d.jsonEach(JSON.stringify(['b', 'a', 'B', '10', '9', 'a']))}`,
  );
  const each = await db.all<{ value: string }>(
    sql`select ${d.jsonEachValue()} as value from ${d.jsonEach(JSON.stringify(['a', 'b']))}`,
  );
  // The server's fragments (server/src): a prepared read of ids listed as JSON, booleans tested as SQL, days apart
  // and years on, distinct values joined, a contains-pattern with the user's `%` and `_` escaped.
  const listed = await db
    .select({ serial: devices.serialNumber })
    .from(devices)
    .where(d.inJsonArray(devices.id, sql.placeholder('ids')))
    .orderBy(devices.id)
    .prepare()
    .all({ ids: JSON.stringify([1, 3, 99]) });
  const truth = await db
    .select({
      online: d.sumTrue(d.isTrue(devices.online)),
      offline: d.sumTrue(d.isNotTrue(devices.online)),
      // No user joins: a condition that is null on every row sums to null on both engines, as SQLite's sum does.
      disabled: d.sumTrue(d.isTrue(users.disabled)),
      notDisabled: d.sumTrue(d.isNotTrue(users.disabled)),
    })
    .from(devices)
    .leftJoin(users, eq(users.id, -1))
    .get();
  const days = await db.get<{ apart: number; later: string; leap: string; back: number }>(sql`select
    ${d.daysBetween('2026-01-30', '2026-03-02')} as apart, ${d.dayPlusYears('2020-06-15', 3)} as later,
    ${d.dayPlusYears(sql`${'2021-02-28'}`, 1)} as leap, ${d.daysBetween('2026-03-02', '2026-01-30')} as back`);
  const distinct = await db
    .select({ kinds: d.stringAgg(devices.kind, ',', { distinct: true }) })
    .from(devices)
    .get();
  const escaped = await db
    .select({ serial: devices.serialNumber })
    .from(devices)
    .where(d.likeNoCase(devices.serialNumber, '%n-2%', '\\'))
    .orderBy(devices.id)
    .all();
  const literal = await db
    .select({ serial: devices.serialNumber })
    .from(devices)
    .where(d.likeNoCase(devices.serialNumber, 'sn\\_%', '\\'))
    .orderBy(devices.id)
    .all();
  // A table joined under another name, as the alarm and contract lists join the owner organisation.
  const owner = aliasedTable(organisations, 'owner');
  const aliased = await db
    .select({ serial: devices.serialNumber, owner: owner.name })
    .from(devices)
    .innerJoin(owner, eq(owner.id, devices.orgId))
    .orderBy(devices.id)
    .all();

  return {
    made: { rentalDomestic: made.rentalDomestic },
    many,
    inserted: inserted.changes,
    all,
    one,
    none,
    values,
    awaited,
    byRole,
    updated: updated.changes,
    updatedRows,
    deleted: deleted.changes,
    deletedRows,
    rawAll,
    rawGet,
    rawValues,
    rawRun: rawRun.changes,
    aliased,
    dialect: dialect.map((r) => ({ ...r, like: Boolean(r.like), rpm: Number(r.rpm), lat: String(r.lat) })),
    grouped,
    idSets,
    joined,
    each,
    listed,
    truth,
    days: days && { ...days, apart: Number(days.apart), back: Number(days.back) },
    distinct,
    escaped,
    literal,
    table: await db.get<{ found: number }>(sql`select ${d.tableExists('devices')} as found`),
  };
}

describe('the query code on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  let handle: AnyDbHandle;
  let db: Db;

  beforeAll(async () => {
    scratch = await createScratchDatabase('console_database');
    handle = await openDatabase('', { url: scratch.url });
    db = handle.db;
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.drop();
  });

  it('runs the builders and hand-written SQL as SQLite does', async () => {
    const sqlite = openDb(':memory:');
    let onSqlite;
    try {
      onSqlite = await exercise(sqlite.db);
    } finally {
      sqlite.close();
    }
    const onPg = await exercise(db);
    expect(onPg).toEqual(onSqlite);
    expect(onPg).toMatchObject({
      made: { rentalDomestic: true },
      inserted: 2,
      none: undefined,
      values: [
        ['13800000001', 0],
        ['13800000002', 1],
      ],
      awaited: [{ n: 2 }],
      byRole: [[{ mobile: '13800000002' }], { mobile: '13800000001' }],
      updated: 2,
      updatedRows: [{ disabled: false }],
      deleted: 1,
      rawAll: [{ orgName: 'Lessor', users: 2 }],
      rawGet: { online: 0, serial: 'SN-2' },
      rawRun: 1,
      grouped: { serials: 'SN-1,SN-2,SN-3', online: 3 },
      idSets: { every: [expect.any(Number), expect.any(Number), expect.any(Number)], none: [] },
      joined: { all: '10;9;B;a;a;b', once: '10,9,B,a,b' },
      each: [{ value: 'a' }, { value: 'b' }],
      listed: [{ serial: 'SN-1' }, { serial: 'SN-3' }],
      truth: { online: 3, offline: 0, disabled: null, notDisabled: 3 },
      days: { apart: 31, later: '2023-06-15', leap: '2022-02-28', back: -31 },
      distinct: { kinds: 'aerialPlatform' },
      escaped: [{ serial: 'SN-2' }],
      literal: [],
      table: { found: 1 },
    });
    expect(onPg.dialect[0]).toEqual({
      rpm: 1001,
      lat: '31',
      bigger: 2,
      smaller: 1,
      like: true,
      at: 3,
      day: '1970-01-04',
      ms: Date.UTC(2026, 0, 2, 2),
    });
  });

  it('rolls a transaction back whole, its statements through the outer database included', async () => {
    let seenOutside: unknown;
    const failed = db.transaction(async (tx) => {
      await tx.insert(organisations).values({ name: 'Rolled back 1', kind: 'customer' }).run();
      // Written through the outer database, in the transaction's context: the transaction's connection.
      await db.insert(organisations).values({ name: 'Rolled back 2', kind: 'customer' }).run();
      expect(await db.$count(organisations, sql`${organisations.name} like 'Rolled back%'`)).toBe(2);
      // Another connection sees nothing of it, and is not held up by it.
      seenOutside = await countOutside(handle, 'Rolled back%');
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    expect(seenOutside).toBe(0);
    expect(await db.$count(organisations, sql`${organisations.name} like 'Rolled back%'`)).toBe(0);
  });

  it('nests a transaction as a savepoint: its failure undoes only its own writes', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.insert(organisations).values({ name: 'Outer before', kind: 'customer' }).run();
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(organisations).values({ name: 'Inner', kind: 'customer' }).run();
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      const kept = await tx.transaction(async (inner) => {
        await inner.insert(organisations).values({ name: 'Inner kept', kind: 'customer' }).run();
        return 'kept';
      });
      await tx.insert(organisations).values({ name: 'Outer after', kind: 'customer' }).run();
      return kept;
    });
    expect(result).toBe('kept');
    const names = await db
      .select({ name: organisations.name })
      .from(organisations)
      .where(sql`${organisations.name} in ('Outer before', 'Inner', 'Inner kept', 'Outer after')`)
      .orderBy(organisations.id)
      .all();
    expect(names.map((n) => n.name)).toEqual(['Outer before', 'Inner kept', 'Outer after']);
  });

  it('runs a check-then-write again after a serialization failure, and the second run sees the other write', async () => {
    // Both units read before either writes (they wait for each other once), so PostgreSQL must refuse one.
    let read = 0;
    let bothRead!: () => void;
    const together = new Promise<void>((resolve) => (bothRead = resolve));
    const unit = async (label: string) => {
      const runs: string[] = [];
      await db.transaction(async (tx) => {
        const existing = await tx
          .select({ id: organisations.id })
          .from(organisations)
          .where(eq(organisations.name, 'The only one'))
          .all();
        if (runs.length === 0) {
          if (++read === 2) bothRead();
          await together;
        }
        if (existing.length > 0) {
          runs.push('found');
          return;
        }
        runs.push('wrote');
        await tx.insert(organisations).values({ name: 'The only one', kind: 'customer', address: label }).run();
      });
      return runs;
    };
    const [a, b] = await Promise.all([unit('a'), unit('b')]);
    expect(await db.$count(organisations, eq(organisations.name, 'The only one'))).toBe(1);
    // One unit wrote at once; the other's first run (it also meant to write) was refused, and its run again found it.
    expect([a, b].sort((x, y) => x.length - y.length)).toEqual([['wrote'], ['wrote', 'found']]);
  });

  it('reads a unique index run into as on SQLite, inside a transaction too', async () => {
    const [org] = await db.insert(organisations).values({ name: 'Unique', kind: 'lessor' }).returning();
    const user = { orgId: org.id, mobile: '13900000009', passwordHash: 'h', roleId: 2 };
    await db.insert(users).values(user).run();
    const outside = await db
      .insert(users)
      .values(user)
      .run()
      .catch((error: unknown) => error);
    expect(uniqueViolation(outside, [users])).toBe('users_phone');
    expect(uniqueViolation(outside, [devices])).toBe('unknown');
    const inside = await db
      .transaction(async (tx) => tx.insert(users).values(user).run())
      .catch((error: unknown) => error);
    expect(uniqueViolation(inside, [users])).toBe('users_phone');
    const samePrimaryKey = await db
      .insert(organisations)
      .values({ id: org.id, name: 'Again', kind: 'lessor' })
      .run()
      .catch((error: unknown) => error);
    expect(uniqueViolation(samePrimaryKey, [organisations])).toBeNull();
    expect(uniqueViolation(new Error('other'), [users])).toBeNull();
  });
});

/** Count organisations named like `pattern` on another connection of the pool, outside any transaction. */
async function countOutside(handle: AnyDbHandle, pattern: string): Promise<number> {
  if (handle.engine !== 'postgres') throw new Error('PostgreSQL only');
  const { rows } = await handle.pool.query<{ n: number }>(
    'select count(*) as n from organisations where name like $1',
    [pattern],
  );
  return rows[0]!.n;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { AEMP_PAGE_SIZE, type AempFleet, type AempSeries } from '@console/contract/http/aemp';
import { apiKeyEndpoints } from '@console/contract/http/api-keys';
import { deviceDetailEndpoints } from '@console/contract/http/device-detail';
import { DEMO_API_KEYS } from '@console/db/seed/api-keys';
import { rowOf, rowsOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { aemp, aempJson, aempXml, createKey, DAY_MS, dayFrom, xmlLinks, xmlTimes, xmlValues } from './helpers.ts';

/**
 * An outside client of a rental company reads its fleet through the ISO 15143-3 API (decision 068) with a key its
 * administrator made in the console: the whole fleet page by page, a month of one machine's hours and positions in
 * XML and in JSON, figures that agree with the console's; and what a key may not read.
 */

type Db = TestApp['dbh']['db'];
const NORTHWIND_ADMIN = '400000005';

/** The serials of the machines an organisation sees: owned, rented or distributed in its subtree. */
async function fleetOf(db: Db, orgId: number, where = '1 = 1'): Promise<string[]> {
  // The root is cast: PostgreSQL would type an untyped parameter of a recursive query as text.
  const rows = await rowsOf<{ serial: string }>(
    db,
    `WITH RECURSIVE sub(id) AS (SELECT CAST(? AS BIGINT) UNION SELECT o.id FROM organisations o JOIN sub ON o.parent_id = sub.id)
     SELECT serial_number AS serial FROM devices WHERE (org_id IN (SELECT id FROM sub)
       OR customer_org_id IN (SELECT id FROM sub) OR distributor_org_id IN (SELECT id FROM sub))
     AND ${where} ORDER BY id`,
    orgId,
  );
  return rows.map((r) => r.serial);
}

describe('the ISO 15143-3 API with a rental company’s key', () => {
  let t: TestApp;
  let admin: string;
  let huadong: number;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    huadong = (await rowOf<{ id: number }>(
      t.dbh.db,
      "SELECT id FROM organisations WHERE name = 'Huadong Aerial Leasing'",
    ))!.id;
    key = (await createKey(t, admin)).secret;
  });
  afterAll(() => t.dbh.close());

  it('pages through the whole fleet, 100 a page from 1, following Links, in XML and in JSON', async () => {
    const expected = await fleetOf(t.dbh.db, huadong);
    expect(expected.length).toBeGreaterThan(2 * AEMP_PAGE_SIZE);
    const last = Math.ceil(expected.length / AEMP_PAGE_SIZE);

    const json: string[] = [];
    let next: string | undefined = '/Fleet/1';
    let pages = 0;
    while (next) {
      const page: AempFleet = await aempJson<AempFleet>(t, key, next);
      pages += 1;
      const rels = Object.fromEntries(page.Links.map((l) => [l.rel, l.href]));
      expect(rels.self).toMatch(new RegExp(`/api/aemp/v2/Fleet/${pages}$`));
      expect(rels.last).toMatch(new RegExp(`/Fleet/${last}$`));
      expect(Boolean(rels.prev)).toBe(pages > 1);
      expect(Boolean(rels.next)).toBe(pages < last);
      expect(page.Equipment.length).toBe(pages < last ? AEMP_PAGE_SIZE : expected.length - (last - 1) * AEMP_PAGE_SIZE);
      json.push(...page.Equipment.map((e) => e.EquipmentHeader.EquipmentID));
      next = rels.next;
    }
    expect(pages).toBe(last);
    expect(json).toEqual(expected);

    const xml: string[] = [];
    for (let n = 1; n <= last; n += 1) {
      const page = await aempXml(t, key, `/Fleet/${n}`);
      expect(page).toContain('<Fleet xmlns="http://standards.iso.org/iso/15143/-3"');
      const links = xmlLinks(page);
      expect(Object.keys(links).sort()).toEqual(
        ['self', 'last', ...(n > 1 ? ['prev'] : []), ...(n < last ? ['next'] : [])].sort(),
      );
      xml.push(...xmlValues(page, 'EquipmentID'));
    }
    expect(xml).toEqual(expected);
  });

  it('reads a month of one machine’s hours and positions, in XML and in JSON, as the console shows them', async () => {
    const device = (await rowOf<{ id: number; serial: string }>(
      t.dbh.db,
      `SELECT id, serial_number AS serial FROM devices WHERE org_id = ? AND kind = 'aerialPlatform'
       AND id IN (SELECT device_id FROM telemetry) AND id IN (SELECT device_id FROM track_points) ORDER BY id LIMIT 1`,
      huadong,
    ))!;
    const end = t.deps.now();
    const start = end - 30 * DAY_MS;
    const range = `${new Date(start).toISOString()}/${new Date(end).toISOString()}`;
    const count = async (table: string, column: string) =>
      (await rowOf<{ n: number }>(
        t.dbh.db,
        `SELECT count(*) AS n FROM ${table} WHERE device_id = ? AND ${column} >= ? AND ${column} < ?`,
        device.id,
        start,
        end,
      ))!.n;

    const readAll = async (point: string) => {
      const json: AempSeries[] = [];
      let next: string | undefined = `/Fleet/Equipment/ID/${device.serial}/${point}/${range}/1`;
      while (next) {
        const page: AempSeries = await aempJson<AempSeries>(t, key, next);
        json.push(page);
        next = page.Links.find((l) => l.rel === 'next')?.href;
      }
      const xml: string[] = [];
      for (let n = 1; n <= json.length; n += 1)
        xml.push(await aempXml(t, key, `/Fleet/Equipment/ID/${device.serial}/${point}/${range}/${n}`));
      return { json, xml };
    };

    const hours = await readAll('OperatingHours');
    const jsonHours = hours.json.flatMap((p) => p.CumulativeOperatingHours ?? []);
    expect(jsonHours.length).toBe(await count('telemetry', 'device_time'));
    expect(jsonHours.length).toBeGreaterThan(AEMP_PAGE_SIZE);
    expect(hours.json.length).toBe(Math.ceil(jsonHours.length / AEMP_PAGE_SIZE));
    expect(hours.xml.flatMap((x) => xmlValues(x, 'Hour')).map(Number)).toEqual(jsonHours.map((h) => h.Hour));
    expect(hours.xml.flatMap((x) => xmlTimes(x, 'CumulativeOperatingHours'))).toEqual(jsonHours.map((h) => h.datetime));
    // Oldest first, and an hour meter only counts up.
    const times = jsonHours.map((h) => Date.parse(h.datetime));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const positions = await readAll('Locations');
    const jsonPositions = positions.json.flatMap((p) => p.Location ?? []);
    expect(jsonPositions.length).toBe(await count('track_points', 'gps_time'));
    expect(positions.xml.flatMap((x) => xmlValues(x, 'Latitude')).map(Number)).toEqual(
      jsonPositions.map((p) => p.Latitude),
    );

    // The console's own reports and track of the machine's last day say the same, time for time.
    const dayStart = end - DAY_MS;
    const utc = { timeZone: 'UTC' };
    const console = await t.call(deviceDetailEndpoints.records, {
      token: admin,
      headers: utc,
      query: { id: device.id, from: dayStart, to: end - 1 },
    });
    expect(console.status, console.message).toBe('200');
    const consoleHours = console.data.list
      .map((r) => ({
        datetime: `${r.deviceTime.replace(' ', 'T')}Z`,
        Hour: 'workingHours' in r.data ? r.data.workingHours : -1,
      }))
      .reverse();
    const isoSecond = (iso: string) => `${iso.slice(0, 19)}Z`;
    const lastDay = jsonHours
      .filter((h) => Date.parse(h.datetime) >= dayStart)
      .map((h) => ({ datetime: isoSecond(h.datetime), Hour: h.Hour }));
    expect(lastDay.length).toBeGreaterThan(0);
    expect(lastDay).toEqual(consoleHours);

    const track = await t.call(deviceDetailEndpoints.track, {
      token: admin,
      headers: utc,
      query: { id: device.id, from: dayStart, to: end - 1 },
    });
    const lastDayTrack = jsonPositions
      .filter((p) => Date.parse(p.datetime) >= dayStart)
      .map((p) => [isoSecond(p.datetime), p.Latitude, p.Longitude]);
    expect(lastDayTrack).toEqual(track.data.list.map((p) => [`${p.gpsTime.replace(' ', 'T')}Z`, p.lat, p.lng]));

    // The snapshot: the hour meter and the position the console's detail page shows.
    const detail = await t.call(deviceDetailEndpoints.detail, { token: admin, headers: utc, query: { id: device.id } });
    const snapshot = await aempJson<AempFleet['Equipment'][number]>(t, key, `/Fleet/Equipment/ID/${device.serial}`);
    expect(snapshot.CumulativeOperatingHours?.Hour).toBe(
      detail.data.latest && 'workingHours' in detail.data.latest ? detail.data.latest.workingHours : null,
    );
    expect(snapshot.Location).toMatchObject({ Latitude: detail.data.lat, Longitude: detail.data.lng });
    expect(isoSecond(snapshot.Location!.datetime)).toBe(`${detail.data.lastDeviceTime.replace(' ', 'T')}Z`);
  });

  it('shows the key’s use in the console, never its secret', async () => {
    const list = await t.call(apiKeyEndpoints.list, { token: admin, query: {} });
    const row = list.data.list.find((k) => key.startsWith(k.prefix))!;
    expect(row).toMatchObject({ name: 'ERP link', state: 'active', scope: 'all' });
    expect(row.requestCount).toBeGreaterThan(10);
    expect(row.lastUsedAt).not.toBe('');
    expect(JSON.stringify(list)).not.toContain(key);
  });

  it('a key of another organisation sees none of this fleet', async () => {
    const northwind = await t.tokenForAccount(NORTHWIND_ADMIN);
    const other = (await createKey(t, northwind)).secret;
    const theirs = new Set(await fleetOf(t.dbh.db, huadong));
    const page = await aempJson<AempFleet>(t, other, '/Fleet/1');
    expect(page.Equipment.length).toBeGreaterThan(0);
    expect(page.Equipment.filter((e) => theirs.has(e.EquipmentHeader.EquipmentID))).toEqual([]);
    const serial = [...theirs][0]!;
    expect((await aemp(t, other, `/Fleet/Equipment/ID/${serial}`)).http).toBe(404);
    const range = `${new Date(t.deps.now() - DAY_MS).toISOString()}/${new Date(t.deps.now()).toISOString()}`;
    expect((await aemp(t, other, `/Fleet/Equipment/ID/${serial}/Locations/${range}/1`)).http).toBe(404);
    // Nor does its administrator see Huadong's keys, nor revoke one.
    const theirKeys = await t.call(apiKeyEndpoints.list, { token: northwind, query: {} });
    expect(theirKeys.data.list.every((k) => !key.startsWith(k.prefix))).toBe(true);
    const mine = await t.call(apiKeyEndpoints.list, { token: admin, query: {} });
    const refused = await t.call(apiKeyEndpoints.revoke, { token: northwind, body: { id: mine.data.list[0]!.id } });
    expect(refused.status).toBe('404');
  });

  it('refuses no key, an unknown one, a revoked one and an expired one', async () => {
    expect((await aemp(t, null, '/Fleet/1')).http).toBe(401);
    const unknown = await aemp(t, 'mlk_not-a-key', '/Fleet/1');
    expect(unknown.http).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toMatch(/^Bearer/);

    const revoked = await createKey(t, admin, { name: 'Revoked link' });
    expect((await aemp(t, revoked.secret, '/Fleet/1')).http).toBe(200);
    const revoke = await t.call(apiKeyEndpoints.revoke, { token: admin, body: { id: revoked.id } });
    expect(revoke.status, revoke.message).toBe('200');
    expect((await aemp(t, revoked.secret, '/Fleet/1')).http).toBe(401);
    expect((await t.call(apiKeyEndpoints.revoke, { token: admin, body: { id: revoked.id } })).status).toBe('409');

    const today = await createKey(t, admin, { name: 'Short link', expiresOn: dayFrom(t.deps.now(), 0) });
    expect((await aemp(t, today.secret, '/Fleet/1')).http).toBe(200);
    t.advance(2 * DAY_MS);
    try {
      expect((await aemp(t, today.secret, '/Fleet/1')).http).toBe(401);
      // A session of two days on: the one of before has ended by then.
      const later = await t.tokenFor(ROLE.lessorAdmin);
      const states = await t.call(apiKeyEndpoints.list, { token: later, query: { pageSize: 50 } });
      expect(states.data.list.find((k) => k.id === today.id)?.state).toBe('expired');
      expect(states.data.list.find((k) => k.id === revoked.id)?.state).toBe('revoked');
    } finally {
      t.advance(-2 * DAY_MS);
    }
  });

  it('a key of one customer reads that customer’s machines only; a key of a list reads the list', async () => {
    const customer = (await rowOf<{ id: number }>(
      t.dbh.db,
      `SELECT customer_org_id AS id FROM devices WHERE org_id = ? AND customer_org_id IS NOT NULL
       GROUP BY customer_org_id ORDER BY count(*) DESC, customer_org_id LIMIT 1`,
      huadong,
    ))!;
    const scoped = await createKey(t, admin, { name: 'Site link', scope: 'customer', customerOrgId: customer.id });
    const expected = await fleetOf(t.dbh.db, huadong, `customer_org_id = ${customer.id}`);
    expect(expected.length).toBeGreaterThan(0);
    const seen: string[] = [];
    for (let n = 1; n <= Math.ceil(expected.length / AEMP_PAGE_SIZE); n += 1) {
      const page = await aempJson<AempFleet>(t, scoped.secret, `/Fleet/${n}`);
      seen.push(...page.Equipment.map((e) => e.EquipmentHeader.EquipmentID));
    }
    expect(seen).toEqual(expected);
    const outside = (
      await fleetOf(t.dbh.db, huadong, `(customer_org_id IS NULL OR customer_org_id <> ${customer.id})`)
    )[0]!;
    expect((await aemp(t, scoped.secret, `/Fleet/Equipment/ID/${outside}`)).http).toBe(404);

    const ids = await rowsOf<{ id: number; serial: string }>(
      t.dbh.db,
      'SELECT id, serial_number AS serial FROM devices WHERE org_id = ? ORDER BY id LIMIT 3',
      huadong,
    );
    const listed = await createKey(t, admin, {
      name: 'Three machines',
      scope: 'machines',
      deviceIds: ids.map((d) => d.id),
    });
    const three = await aempJson<AempFleet>(t, listed.secret, '/Fleet/1');
    expect(three.Equipment.map((e) => e.EquipmentHeader.EquipmentID)).toEqual(ids.map((d) => d.serial));
  });

  it('holds a key to its rate: 429 with Retry-After, then served again after that wait', async () => {
    const slow = await createKey(t, admin, { name: 'Slow link', ratePerMinute: 3 });
    for (let i = 0; i < 3; i += 1) expect((await aemp(t, slow.secret, '/Fleet/1')).http).toBe(200);
    const refused = await aemp(t, slow.secret, '/Fleet/1');
    expect(refused.http).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(20);
    t.advance(wait * 1000);
    try {
      expect((await aemp(t, slow.secret, '/Fleet/1')).http).toBe(200);
    } finally {
      t.advance(-wait * 1000);
    }
  });

  it('the demo keys the README names read their company’s fleet, the site key its customer’s machines only', async () => {
    const fleet = await aempJson<AempFleet>(t, DEMO_API_KEYS.huadong, '/Fleet/1');
    expect(fleet.Equipment.map((e) => e.EquipmentHeader.EquipmentID)).toEqual(
      (await fleetOf(t.dbh.db, huadong)).slice(0, AEMP_PAGE_SIZE),
    );
    const site = await aempJson<AempFleet>(t, DEMO_API_KEYS.huadongSite, '/Fleet/1');
    const customer = (await rowOf<{ id: number }>(
      t.dbh.db,
      "SELECT customer_org_id AS id FROM api_keys WHERE scope = 'customer' AND name = '浦江建设工地看板'",
    ))!;
    expect(site.Equipment.map((e) => e.EquipmentHeader.EquipmentID)).toEqual(
      (await fleetOf(t.dbh.db, huadong, `customer_org_id = ${customer.id}`)).slice(0, AEMP_PAGE_SIZE),
    );
    const abroad = await aempJson<AempFleet>(t, DEMO_API_KEYS.northwind, '/Fleet/1');
    expect(abroad.Equipment.length).toBeGreaterThan(0);
    expect((await aemp(t, 'mlk_demo_northwind_retired', '/Fleet/1')).http).toBe(401);
  });

  it('checks the form and who may keep keys', async () => {
    const missing = await t.call(apiKeyEndpoints.create, {
      token: admin,
      loose: { body: { name: '', scope: 'customer', expiresOn: 'soon' } },
    });
    expect(missing.status).toBe('400');
    expect(missing.data.issues?.map((i) => i.path).sort()).toEqual(['customerOrgId', 'expiresOn', 'name']);
    const past = await t.call(apiKeyEndpoints.create, {
      token: admin,
      body: { name: 'Late', scope: 'all', expiresOn: dayFrom(t.deps.now(), -3) },
    });
    expect(past.data.field).toBe('expiresOn');
    const northwindCustomer = (await rowOf<{ id: number }>(
      t.dbh.db,
      "SELECT id FROM organisations WHERE kind = 'customer' AND parent_id = 4 ORDER BY id LIMIT 1",
    ))!.id;
    const foreign = await t.call(apiKeyEndpoints.create, {
      token: admin,
      body: {
        name: 'Theirs',
        scope: 'customer',
        customerOrgId: northwindCustomer,
        expiresOn: dayFrom(t.deps.now(), 5),
      },
    });
    expect(foreign.data.field).toBe('customerOrgId');
    // Machines of another rental company, named in the body, are refused the same way, and no key is kept.
    const northwindMachine = (await rowOf<{ id: number }>(
      t.dbh.db,
      'SELECT id FROM devices WHERE org_id = 4 ORDER BY id LIMIT 1',
    ))!.id;
    const before = (await t.call(apiKeyEndpoints.list, { token: admin, query: {} })).data.total;
    const theirMachines = await t.call(apiKeyEndpoints.create, {
      token: admin,
      body: { name: 'Theirs', scope: 'machines', deviceIds: [northwindMachine], expiresOn: dayFrom(t.deps.now(), 5) },
    });
    expect(theirMachines.data.field).toBe('deviceIds');
    expect((await t.call(apiKeyEndpoints.list, { token: admin, query: {} })).data.total).toBe(before);
    const sales = await t.tokenFor(ROLE.lessorSales);
    expect((await t.call(apiKeyEndpoints.list, { token: sales, query: {} })).status).toBe('403');
    expect((await aemp(t, key, '/Fleet/0')).http).toBe(400);
    const range = `${new Date(t.deps.now()).toISOString()}/${new Date(t.deps.now() - DAY_MS).toISOString()}`;
    expect((await aemp(t, key, `/Fleet/Equipment/ID/x/Locations/${range}/1`)).http).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { ROLE } from '@console/contract/codes/roles';
import {
  AEMP_DATA_POINT_NAMES,
  AEMP_DATA_POINTS,
  AEMP_KIND_POINTS,
  aempEquipmentDocument,
  aempFleet,
  aempSeries,
} from '@console/contract/http/aemp';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { aemp, aempJson, aempXml, createKey, DAY_MS, schemaErrors, xmlValues } from './helpers.ts';

/**
 * Every answer of the ISO 15143-3 API validates against the schema kept in the repository
 * (server/src/routes/aemp/iso-15143-3.xsd, decision 068): the fleet page, and for a machine of each kind its
 * snapshot and every time series its kind reports; what a kind does not report is neither in its snapshot nor
 * served as a series. The JSON answers hold the same figures and fit the contract.
 */
describe('the ISO 15143-3 documents against the schema, for each machine kind', () => {
  let t: TestApp;
  let key: string;
  let range: string;
  beforeAll(async () => {
    t = await createTestApp();
    // The operator's administrator: its key reads every organisation's machines, so every kind.
    key = (await createKey(t, await t.tokenFor(ROLE.companyAdmin), { name: 'Platform export' })).secret;
    const end = t.deps.now();
    range = `${new Date(end - 10 * DAY_MS).toISOString()}/${new Date(end).toISOString()}`;
  });
  afterAll(() => t.dbh.close());

  it('the fleet page validates, in XML, and its JSON fits the contract', async () => {
    const xml = await aempXml(t, key, '/Fleet/1');
    expect(await schemaErrors(xml)).toEqual([]);
    expect(xmlValues(xml, 'EquipmentID')).toHaveLength(100);
    expect(aempFleet.safeParse(await aempJson(t, key, '/Fleet/1')).success).toBe(true);
    // The schema is no formality: a document out of order or missing its header is refused.
    expect(await schemaErrors(xml.replace(/<EquipmentHeader>.*?<\/EquipmentHeader>/, ''))).not.toEqual([]);
  });

  it.each(MACHINE_KINDS)('a %s: snapshot and every series it reports validate; the rest is omitted', async (kind) => {
    // A machine of the kind with reports, positions and alarms if the fleet has one.
    const device = (await rowOf<{ id: number; serial: string }>(
      t.dbh.db,
      `SELECT id, serial_number AS serial FROM devices WHERE kind = ?
       ORDER BY (id IN (SELECT device_id FROM telemetry)) DESC, (id IN (SELECT device_id FROM alarms)) DESC, id LIMIT 1`,
      kind,
    ))!;
    const reported = AEMP_KIND_POINTS[kind];

    const snapshot = await aempXml(t, key, `/Fleet/Equipment/ID/${device.serial}`);
    expect(await schemaErrors(snapshot), snapshot).toEqual([]);
    const json = await aempJson<Record<string, unknown>>(t, key, `/Fleet/Equipment/ID/${device.serial}`);
    expect(aempEquipmentDocument.safeParse(json).success).toBe(true);
    const snapshotElements: Record<string, string> = {
      Locations: 'Location',
      OperatingHours: 'CumulativeOperatingHours',
      EngineCondition: 'EngineStatus',
      FuelRemaining: 'FuelRemaining',
    };
    for (const [point, element] of Object.entries(snapshotElements)) {
      if (!reported.includes(point as never)) {
        expect(snapshot).not.toContain(`<${element} `);
        expect(json[element]).toBeUndefined();
      }
    }
    if (reported.includes('OperatingHours')) expect(json.CumulativeOperatingHours).toBeDefined();

    for (const point of AEMP_DATA_POINT_NAMES) {
      const path = `/Fleet/Equipment/ID/${device.serial}/${point}/${range}/1`;
      if (!reported.includes(point)) {
        expect((await aemp(t, key, path)).http, `${kind} ${point}`).toBe(404);
        continue;
      }
      const xml = await aempXml(t, key, path);
      expect(await schemaErrors(xml), `${kind} ${point}: ${xml.slice(0, 400)}`).toEqual([]);
      expect(xml).toContain(`<${AEMP_DATA_POINTS[point]}Messages `);
      const series = await aempJson<Record<string, unknown[]>>(t, key, path);
      expect(aempSeries.safeParse(series).success).toBe(true);
      const records = series[AEMP_DATA_POINTS[point]] ?? [];
      expect(xml.split(`<${AEMP_DATA_POINTS[point]} datetime=`).length - 1).toBe(records.length);
    }
  });

  it('some documents of the run carry data, so the validation saw every element it checks', async () => {
    const boat = (await rowOf<{ serial: string }>(
      t.dbh.db,
      "SELECT serial_number AS serial FROM devices WHERE kind = 'boat' AND id IN (SELECT device_id FROM telemetry) ORDER BY id",
    ))!;
    const fuel = await aempXml(t, key, `/Fleet/Equipment/ID/${boat.serial}/FuelRemaining/${range}/1`);
    expect(xmlValues(fuel, 'Percent').length).toBeGreaterThan(0);
    const engine = await aempXml(t, key, `/Fleet/Equipment/ID/${boat.serial}/EngineCondition/${range}/1`);
    expect(xmlValues(engine, 'Running').length).toBeGreaterThan(0);
    const withFaults = (await rowOf<{ serial: string; at: number }>(
      t.dbh.db,
      `SELECT d.serial_number AS serial, min(a.started_at) AS at FROM alarms a JOIN devices d ON d.id = a.device_id
       WHERE a.level = 3 GROUP BY d.id ORDER BY count(*) DESC, d.id LIMIT 1`,
    ))!;
    const from = new Date(withFaults.at).toISOString();
    const to = new Date(withFaults.at + 30 * DAY_MS).toISOString();
    const faults = await aempXml(t, key, `/Fleet/Equipment/ID/${withFaults.serial}/FaultCodes/${from}/${to}/1`);
    expect(await schemaErrors(faults)).toEqual([]);
    expect(xmlValues(faults, 'CodeIdentifier').length).toBeGreaterThan(0);
  });
});

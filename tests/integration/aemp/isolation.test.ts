import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { AEMP_DATA_POINT_NAMES, type AempFleet } from '@console/contract/http/aemp';
import { orgOfKind, recordsOf, type ForeignRecords } from '../../fixtures/foreign-records.ts';
import { SecretIndex } from '../../fixtures/secret-index.ts';
import { rowOf, rowsOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { aemp, createKey, DAY_MS } from './helpers.ts';

/**
 * The isolation matrix (decision 028) for the ISO 15143-3 API: a key of one rental company, and a key it limits to
 * one of its customers, read every page and document they can, in XML and in JSON, and ask for the other side's
 * machines by their ids; no answer holds a text only the other side's records hold, and none of its rows changes.
 * The console's key endpoints are walked by the generated matrix itself (tests/fixtures/isolation-walk.ts).
 */
describe('isolation matrix: API keys of the ISO 15143-3 API', () => {
  let t: TestApp;
  let foreign: ForeignRecords;
  beforeAll(async () => {
    t = await createTestApp();
    foreign = await recordsOf(t.dbh.db, await orgOfKind(t.dbh.db, 'lessor', 1), { idsPerTable: 2 });
    // Reading every table for the other side's texts takes a while on a busy host.
  }, 180_000);
  afterAll(() => t.dbh.close());

  it.each([
    { label: 'whole-fleet', scope: 'all' as const },
    { label: 'one-customer', scope: 'customer' as const },
  ])('a $label key of another rental company reads nothing of theirs', async ({ scope }) => {
    const before = await foreign.checksum(t.dbh.db);
    expect(foreign.secrets).toContain('Pearl River Lift Rental');
    const admin = await t.tokenFor(ROLE.lessorAdmin);
    const customer = (await rowOf<{ id: number }>(
      t.dbh.db,
      'SELECT customer_org_id AS id FROM devices WHERE customer_org_id IS NOT NULL AND org_id = (SELECT org_id FROM users WHERE role_id = 5 ORDER BY id LIMIT 1) ORDER BY id LIMIT 1',
    ))!;
    const key = (await createKey(t, admin, scope === 'customer' ? { scope, customerOrgId: customer.id } : { scope }))
      .secret;
    const index = new SecretIndex(foreign.secrets);
    const leaked = (text: string) => index.substringsIn(text);
    const range = `${new Date(t.deps.now() - 7 * DAY_MS).toISOString()}/${new Date(t.deps.now()).toISOString()}`;

    // Every page of its own fleet, both formats, and one machine's documents.
    let page = 1;
    let own: string | undefined;
    for (;;) {
      const xml = await aemp(t, key, `/Fleet/${page}`);
      const json = await aemp(t, key, `/Fleet/${page}`, 'application/json');
      expect(leaked(xml.text), `page ${page}`).toEqual([]);
      expect(leaked(json.text), `page ${page}`).toEqual([]);
      const doc = JSON.parse(json.text) as AempFleet;
      own ??= doc.Equipment[0]?.EquipmentHeader.EquipmentID;
      if (!doc.Links.some((l) => l.rel === 'next')) break;
      page += 1;
    }
    expect(own).toBeDefined();
    for (const point of AEMP_DATA_POINT_NAMES) {
      const answer = await aemp(t, key, `/Fleet/Equipment/ID/${own}/${point}/${range}/1`, 'application/json');
      expect(leaked(answer.text)).toEqual([]);
    }

    // Their machines, by serial and by id: not found, whatever the data point.
    const theirs = await rowsOf<{ id: number; serial: string }>(
      t.dbh.db,
      `SELECT id, serial_number AS serial FROM devices WHERE org_id IN (${foreign.orgIds.join(',')}) ORDER BY id LIMIT 5`,
    );
    for (const device of theirs) {
      for (const id of [device.serial, String(device.id)]) {
        const snapshot = await aemp(t, key, `/Fleet/Equipment/ID/${id}`);
        expect(snapshot.http).toBe(404);
        expect(leaked(snapshot.text)).toEqual([]);
        for (const point of AEMP_DATA_POINT_NAMES) {
          const series = await aemp(t, key, `/Fleet/Equipment/ID/${id}/${point}/${range}/1`);
          expect(series.http).toBe(404);
          expect(leaked(series.text)).toEqual([]);
        }
      }
    }
    expect(await foreign.checksum(t.dbh.db), 'a row of the other side changed').toEqual(before);
  });
});

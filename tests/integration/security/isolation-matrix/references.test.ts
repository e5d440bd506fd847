import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import type { Endpoint } from '@console/contract/http/endpoint';
import { demoAccount } from '@console/db/seed/accounts';
import { watchWrites } from '../../../fixtures/db-snapshot.ts';
import { inputSchema, sampleInput } from '../../../fixtures/contract-inputs.ts';
import { orgOfKind, recordsOf, type ForeignRecords } from '../../../fixtures/foreign-records.ts';
import { admits } from '@console/contract/http/endpoint';
import { LESSOR_SIDE, orgOf, routes } from '../../../fixtures/isolation-walk.ts';
import { rowOf, rowsOf } from '../../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../../fixtures/test-app.ts';

/**
 * A record can also be named inside a body: an object `{ kind, id }` that points at a record of some kind (a
 * work order's source: an alarm, a fault record, a reminder, a feedback). A rental company naming another's
 * record there, on its own machine, is refused and writes nothing. Every kind such a reference can take must be
 * listed here with the table it names, so a new kind is covered as soon as it exists.
 */
const REFERENCE_TABLES: Record<string, string> = {
  alarm: 'alarms',
  fault: 'fault_records',
  upkeep: 'upkeep_plans',
  feedback: 'feedback',
  leaseExit: 'lease_handover_machines',
};

type JsonSchema = { properties?: Record<string, JsonSchema>; enum?: unknown[]; anyOf?: JsonSchema[] };

/** The body fields of an endpoint that hold a `{ kind, id }` reference, with the kinds each may name. */
function referenceFields(endpoint: Endpoint): { name: string; kinds: string[] }[] {
  if (endpoint.method !== 'POST' || endpoint.multipart) return [];
  const properties = (inputSchema(endpoint, 'body') as JsonSchema).properties ?? {};
  return Object.entries(properties).flatMap(([name, schema]) => {
    const object = [schema, ...(schema.anyOf ?? [])].find((s) => s.properties?.kind?.enum && s.properties.id);
    return object ? [{ name, kinds: object.properties!.kind!.enum!.map(String) }] : [];
  });
}

describe('isolation matrix: a record of another lessor named inside a body', () => {
  // Nothing is written (each call proves it), so one app serves every endpoint.
  let t: TestApp;
  let foreign: ForeignRecords;
  beforeAll(async () => {
    t = await createTestApp();
    foreign = await recordsOf(t.dbh.db, await orgOfKind(t.dbh.db, 'lessor', 1));
  });
  afterAll(() => t.dbh.close());

  const withReferences = routes.filter((r) => referenceFields(r.endpoint).length > 0);
  it('finds the endpoints that take a reference', () => {
    expect(withReferences.length).toBeGreaterThan(0);
  });

  for (const { endpoint } of withReferences) {
    const callers = LESSOR_SIDE.filter((roleId) => admits(endpoint.access, roleId));
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const db = t.dbh.db;
      const lessorA = await orgOf(db, ROLE.lessorAdmin);
      // A machine of lessor A, so the request gets past "not your machine" to the reference itself.
      const own = (await rowOf<{ id: number; kind: string }>(
        db,
        'SELECT id, kind FROM devices WHERE org_id = ? ORDER BY id LIMIT 1',
        lessorA,
      ))!;
      const watch = await watchWrites(db, { ignoreTables: ['login_attempts'] });
      let tried = 0;
      for (const { name, kinds } of referenceFields(endpoint)) {
        for (const kind of kinds) {
          expect(REFERENCE_TABLES, `the table a "${kind}" reference names`).toHaveProperty(kind);
          const table = REFERENCE_TABLES[kind]!;
          const ids = (
            await rowsOf<{ id: number }>(
              db,
              `SELECT id FROM ${table} WHERE device_id IN (SELECT id FROM devices WHERE org_id IN (${foreign.orgIds.join(',')})) ORDER BY id LIMIT 2`,
            )
          ).map((r) => r.id);
          expect(ids.length, `lessor B has ${table}`).toBeGreaterThan(0);
          for (const roleId of callers) {
            for (const id of ids) {
              const prefer = { deviceId: own.id, deviceKind: own.kind, [name]: { kind, id } };
              const body = sampleInput(endpoint, 'body', { mobile: demoAccount(roleId), prefer });
              await watch.clear();
              const answer = await t.send(endpoint, {
                token: await t.tokenFor(roleId),
                headers: { lang: 'en_US' },
                body: JSON.stringify(body),
              });
              const what = `role ${roleId}, ${name}=${kind} ${id}: ${JSON.stringify(answer.envelope).slice(0, 300)}`;
              expect(answer.envelope?.status, what).not.toBe('200');
              expect(
                (await watch.writes()).filter((w) => w.table !== 'sessions'),
                what,
              ).toEqual([]);
              tried++;
            }
          }
        }
      }
      expect(tried).toBeGreaterThan(0);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { deviceRecordEndpoints } from '@console/contract/http/device-records';
import { demoAccount } from '@console/db/seed/accounts';
import { fieldNames, onTheWire, sampleInput } from '../../../fixtures/contract-inputs.ts';
import { admits } from '@console/contract/http/endpoint';
import { orgOf, routes } from '../../../fixtures/isolation-walk.ts';
import { rowOf } from '../../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../../fixtures/test-app.ts';

/**
 * A log repeats what happened in other areas. Whoever may not read an area (the owner's expenses: not its
 * customer, not its distributor) reads none of its data through any endpoint, the logs included.
 */
describe("isolation matrix: an area's data is read only by who may read the area", () => {
  const AMOUNT = '98765.43';
  const outsiders: RoleId[] = [ROLE.other, ROLE.distributor];
  // In a hook: the first app of a run may wait for the demo template's seeding, longer than a test's time.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.dbh.close());

  it('no endpoint shows an expense to a customer or a distributor of the machine', async () => {
    const db = t.dbh.db;
    const machine = (await rowOf<{ id: number }>(
      db,
      'SELECT id FROM devices WHERE customer_org_id = ? AND distributor_org_id = ? ORDER BY id LIMIT 1',
      await orgOf(db, ROLE.other),
      await orgOf(db, ROLE.distributor),
    ))!;
    const created = await t.call(deviceRecordEndpoints.createExpense, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { deviceId: machine.id, type: 'maintenance', amountCents: 9_876_543, date: '2026-10-01' },
    });
    expect(created.status, created.message).toBe('200');
    const month = new Date(t.deps.now()).toISOString().slice(0, 7);
    // The owner reads it where expenses are shown, so the walk below would see it if it leaked.
    const owner = await t.call(deviceRecordEndpoints.operationLog, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      headers: { timeZone: 'UTC' },
      query: { deviceId: machine.id, month },
    });
    expect(JSON.stringify(owner.data)).toContain(AMOUNT);

    let calls = 0;
    for (const roleId of outsiders) {
      const token = await t.tokenFor(roleId);
      for (const { endpoint } of routes.filter(
        (r) => r.endpoint.method === 'GET' && admits(r.endpoint.access, roleId),
      )) {
        const prefer: Record<string, unknown> = { deviceId: machine.id, id: machine.id, month };
        // A whole sample (its filters set), and the machine and month alone (no filter narrowing the answer).
        const sample = sampleInput(endpoint, 'query', { mobile: demoAccount(roleId), prefer });
        const names = fieldNames(endpoint, 'query');
        const bare = Object.fromEntries(Object.entries(prefer).filter(([k]) => names.includes(k)));
        for (const query of [sample, bare]) {
          const answer = await t.send(endpoint, {
            token,
            headers: { lang: 'en_US', timeZone: 'UTC' },
            query: onTheWire(query, 'query') as Record<string, string>,
          });
          expect(JSON.stringify(answer.envelope), `role ${roleId}: ${endpoint.path}`).not.toContain(AMOUNT);
          calls++;
        }
      }
    }
    expect(calls).toBeGreaterThan(20);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEvents, contracts } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { lessorIds } from '../lease/helpers.ts';

/** The demo's contract changes (decision 041): one of each status per lessor, the one in force applied. */
describe('seeded contract changes', () => {
  let t: TestApp;
  // The first test app of a run seeds the demo image (tens of seconds on a loaded machine).
  beforeAll(async () => {
    t = await createTestApp();
  }, 300_000);
  afterAll(() => t.dbh.close());

  it('gives every lessor a change in each status, against its own contracts', async () => {
    for (const lessorId of await lessorIds(t)) {
      const changes = await t.dbh.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.lessorOrgId, lessorId), eq(contracts.kind, 'change')))
        .all();
      if (changes.length === 0) continue;
      expect([...new Set(changes.map((c) => c.status))].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      for (const change of changes) {
        const of = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, change.changeOf!)).get())!;
        expect(of).toMatchObject({ kind: 'contract', lessorOrgId: lessorId, renterOrgId: change.renterOrgId });
        expect(change.number).toMatch(/^(BG|CC)-\d{8}-\d{4}$/);
      }
      // The extension in force moved its contract's end and its machines' planned end, and says so on its timeline.
      const inForce = changes.find((c) => c.status === 7)!;
      const of = (await t.dbh.db.select().from(contracts).where(eq(contracts.id, inForce.changeOf!)).get())!;
      expect(of.endOn).toBe(inForce.endOn);
      const open = (await t.dbh.db.select().from(leasePeriods).where(eq(leasePeriods.contractId, of.id)).all()).filter(
        (p) => p.endOn === null,
      );
      for (const p of open) expect(p.plannedEndOn).toBe(inForce.endOn);
      const changed = await t.dbh.db
        .select()
        .from(contractEvents)
        .where(and(eq(contractEvents.contractId, of.id), eq(contractEvents.action, 'changed')))
        .all();
      expect(changed.map((e) => e.details.changeId)).toContain(inForce.id);
    }
  });
});

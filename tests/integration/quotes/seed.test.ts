import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_STATES } from '@console/contract/quotes/flow';
import { modelDays } from '@console/server/src/quotes/holds';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { rowsOf } from '../../fixtures/sql-rows.ts';

describe('quotes: the demo business', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  it('each rental company has quotes in every state, in its language, holding what their state holds', async () => {
    const lessors = await rowsOf<{ id: number }>(
      t.dbh.db,
      "SELECT id FROM organisations WHERE kind = 'lessor' ORDER BY id",
    );
    for (const [i, { id }] of lessors.entries()) {
      const rows = await rowsOf<{ id: number; state: string; number: string; lang: string; contractId: number | null }>(
        t.dbh.db,
        'SELECT id, state, number, lang, contract_id AS "contractId" FROM quotes WHERE org_id = ?',
        id,
      );
      expect(new Set(rows.map((r) => r.state))).toEqual(new Set(QUOTE_STATES));
      expect(new Set(rows.map((r) => r.lang))).toEqual(new Set([i === 2 ? 'en' : 'zh']));
      for (const r of rows) expect(r.number).toMatch(i === 2 ? /^QT-\d{8}-\d{6}$/ : /^BJ\d{14}$/);
      const accepted = rows.find((r) => r.state === 'accepted')!;
      expect(accepted.contractId).not.toBeNull();
      const held = await rowsOf<{
        state: string;
        storeId: number;
        modelId: number;
        startOn: string;
        endOn: string;
        contractId: number | null;
      }>(
        t.dbh.db,
        `SELECT q.state, r.store_id AS "storeId", r.model_id AS "modelId", r.start_on AS "startOn", r.end_on AS "endOn",
           r.contract_id AS "contractId"
         FROM reservations r JOIN quotes q ON q.id = r.quote_id WHERE q.org_id = ? AND r.state = 'held'`,
        id,
      );
      expect(held.map((h) => h.state).sort()).toEqual(['accepted', 'draft', 'sent']);
      expect(held.find((h) => h.state === 'accepted')!.contractId).toBe(accepted.contractId);
      // No day of any held span has its model's free count below zero.
      for (const h of held) {
        const days = await modelDays(
          t.dbh.db,
          {
            orgId: id,
            storeId: h.storeId,
            startOn: h.startOn,
            endOn: h.endOn,
            own: { quoteId: null, contractId: null },
          },
          h.modelId,
        );
        expect(Math.min(...days.map((d) => d.free))).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('each rental company’s quotes show every outcome of a hold: held, consumed by a delivery, and let go', async () => {
    const lessors = await rowsOf<{ id: number }>(
      t.dbh.db,
      "SELECT id FROM organisations WHERE kind = 'lessor' ORDER BY id",
    );
    for (const { id } of lessors) {
      const outcomes = await rowsOf<{ state: string; endReason: string; contractStatus: number | null }>(
        t.dbh.db,
        `SELECT r.state, r.end_reason AS "endReason", c.status AS "contractStatus"
         FROM reservations r JOIN quotes q ON q.id = r.quote_id LEFT JOIN contracts c ON c.id = r.contract_id
         WHERE q.org_id = ?`,
        id,
      );
      const seen = new Set(outcomes.map((o) => `${o.state}:${o.endReason}`));
      for (const outcome of [
        'held:',
        'consumed:delivered',
        'released:expired',
        'released:declined',
        'released:withdrawn',
        'released:edited',
        'released:rescheduled',
        'released:cancelled',
        'released:closed',
      ]) {
        expect(seen, `${id} ${outcome}`).toContain(outcome);
      }
      // A quote's consumed hold is its contract's, signed and put in force with the machine delivered: running (7),
      // or closed since (8).
      for (const o of outcomes.filter((x) => x.state === 'consumed')) expect([7, 8]).toContain(o.contractStatus);
      // A hold let go by a close is a closed contract's.
      for (const o of outcomes.filter((x) => x.endReason === 'closed')) expect(o.contractStatus).toBe(8);
    }
  });
});

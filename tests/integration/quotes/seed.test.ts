import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_STATES } from '@console/contract/quotes/flow';
import { modelDays } from '@console/server/src/quotes/holds';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('quotes: the demo business', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  it('each rental company has quotes in every state, in its language, holding what their state holds', async () => {
    const lessors = t.dbh.sqlite.prepare("SELECT id FROM organisations WHERE kind = 'lessor' ORDER BY id").all() as {
      id: number;
    }[];
    for (const [i, { id }] of lessors.entries()) {
      const rows = t.dbh.sqlite
        .prepare('SELECT id, state, number, lang, contract_id AS contractId FROM quotes WHERE org_id = ?')
        .all(id) as { id: number; state: string; number: string; lang: string; contractId: number | null }[];
      expect(new Set(rows.map((r) => r.state))).toEqual(new Set(QUOTE_STATES));
      expect(new Set(rows.map((r) => r.lang))).toEqual(new Set([i === 2 ? 'en' : 'zh']));
      for (const r of rows) expect(r.number).toMatch(i === 2 ? /^QT-\d{8}-\d{6}$/ : /^BJ\d{14}$/);
      const accepted = rows.find((r) => r.state === 'accepted')!;
      expect(accepted.contractId).not.toBeNull();
      const held = t.dbh.sqlite
        .prepare(
          "SELECT q.state, r.store_id AS storeId, r.model_id AS modelId, r.start_on AS startOn, r.end_on AS endOn, r.contract_id AS contractId FROM reservations r JOIN quotes q ON q.id = r.quote_id WHERE q.org_id = ? AND r.state = 'held'",
        )
        .all(id) as {
        state: string;
        storeId: number;
        modelId: number;
        startOn: string;
        endOn: string;
        contractId: number | null;
      }[];
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
});

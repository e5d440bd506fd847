import { describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { payableEndpoints as api } from '@console/contract/http/payables';
import { issuePayables } from '@console/server/src/payables/issue';
import { createTestApp } from '../../fixtures/test-app.ts';

/** The demo's payables (db/seed/payables.ts), as the company's administrator and the operator's finance read them. */
describe('seeded payables', () => {
  it('owes every month over, some paid, one half paid, one overdue after a voided payment, as the pass would', async () => {
    const t = await createTestApp();
    try {
      const token = await t.tokenFor(ROLE.lessorAdmin);
      const { data } = await t.call(api.list, { token, query: { pageSize: 200 } });
      expect(data.total).toBeGreaterThan(3);
      const states = new Set(data.list.map((p) => p.state));
      expect([...states].sort()).toEqual(['open', 'paid', 'partlyPaid']);
      const overdue = data.list.filter((p) => p.overdue);
      expect(overdue).toHaveLength(1);
      const detail = await t.call(api.detail, { token, query: { id: overdue[0]!.id } });
      expect(detail.data.payments.map((p) => p.state)).toEqual(['void']);
      expect(detail.data.payments[0]!.voidReason).not.toBe('');
      // The operator's finance reads every company's, each in its own currency.
      const all = await t.call(api.list, { token: await t.tokenFor(ROLE.finance), query: { pageSize: 1 } });
      expect(all.data.totals.amount.map((x) => x.money.currency.code).sort()).toEqual(['AUD', 'CNY']);
      // The scheduler's pass finds nothing more to issue: the seed wrote what it writes.
      expect((await issuePayables(t.dbh.db, t.deps.now())).payables).toBe(0);
    } finally {
      t.dbh.close();
    }
  });
});

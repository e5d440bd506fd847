import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseChangeEndpoints as api } from '@console/contract/http/lease-changes';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { leaseTwoMachines, withoutSeededBilling, type Leased } from '../lease-billing/helpers.ts';
import { writeChange } from './helpers.ts';

/**
 * A change that reprices or adds a line sets the new line's hours allowance and overtime price (decision 070): the
 * form's fields, checked by the server as the contract form's are, and kept on the change's lines.
 */
describe('a change line’s hours allowance and overtime price', () => {
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterAll(() => f.close());

  const reprice = (terms: Record<string, unknown>, businessModel = 23) => ({
    contractId: lease.contractId,
    effectiveOn: lease.on('05-01'),
    lines: [
      {
        op: 'reprice',
        lineId: lease.lines.daily,
        businessModel,
        ...(businessModel === 23 ? { dayCents: 30_000 } : { monthCents: 600_000 }),
        ...terms,
      },
    ],
  });

  it('refuses an allowance without a price, a price without an allowance and a day over 24 h, in both languages', async () => {
    const issue = async (terms: Record<string, unknown>, lang: 'en_US' | 'zh_CN' = 'en_US') => {
      const answer = await t.call(api.create, {
        token: await t.tokenFor(ROLE.lessorAdmin),
        lang,
        body: reprice(terms) as never,
      });
      expect(answer.status).toBe('400');
      return answer.data.issues;
    };
    expect(await issue({ allowanceTenths: 80 })).toEqual([
      { path: 'lines.0.overtimeCents', message: 'lease.overtimePriceRequired' },
    ]);
    expect(await issue({ overtimeCents: 4_000 })).toEqual([
      { path: 'lines.0.allowanceTenths', message: 'lease.allowanceRequired' },
    ]);
    expect(await issue({ allowanceTenths: 250, overtimeCents: 4_000 }, 'zh_CN')).toEqual([
      { path: 'lines.0.allowanceTenths', message: 'lease.allowanceDayMax' },
    ]);
    const refused = await writeChange(t, reprice({ allowanceTenths: 80 }));
    expect(refused.message).not.toBe('');
  });

  it('keeps the terms of a repriced line, per day for a day model and per month for a month model', async () => {
    const daily = await writeChange(t, reprice({ allowanceTenths: 80, overtimeCents: 4_000 }));
    expect(daily.status, daily.message).toBe('200');
    const detail = await t.call(api.detail, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { id: daily.data.id },
    });
    expect(detail.status, detail.message).toBe('200');
    expect(detail.data.lines.map((l) => [l.op, l.allowanceTenths, l.overtimeCents])).toEqual([['reprice', 80, 4_000]]);
    // 176 h a month is over a day's 24 h, and allowed on a month model.
    const update = await t.call(api.update, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      query: { id: daily.data.id },
      body: reprice({ allowanceTenths: 1_760, overtimeCents: 5_000 }, 25) as never,
    });
    expect(update.status, update.message).toBe('200');
    const after = await t.call(api.detail, { token: await t.tokenFor(ROLE.lessorAdmin), query: { id: daily.data.id } });
    expect(after.data.lines.map((l) => [l.businessModel, l.allowanceTenths, l.overtimeCents])).toEqual([
      [25, 1_760, 5_000],
    ]);
  });
});

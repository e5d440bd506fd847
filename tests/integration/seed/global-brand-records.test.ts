import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import { couponEndpoints } from '@console/contract/http/coupons';
import { qualityEndpoints } from '@console/contract/http/quality';
import { subleaseEndpoints } from '@console/contract/http/lease-sublease';
import { ROLE } from '@console/contract/codes/roles';
import { isAbn } from '@console/contract/codes/tax-regimes';
import { isAustralianRegion } from '@console/contract/formats/address';
import { isValidPhone } from '@console/contract/http/fields';
import { DEMO_PASSWORD, globalDemoAccount } from '@console/db/seed/accounts';
import { AU_SUBLESSOR_DEMO_ACCOUNT } from '@console/db/seed/lease-sublease';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/**
 * Issue 32: the global brand's Australian business (Northwind) reads as an Australian company in every record its
 * people open: its quality history names English-speaking inspectors and its one name, it rents machines in from an
 * Australian sub-lessor in AUD, and its coupons read as an Australian promotion (no "$" a Chinese reader takes for
 * yuan).
 */
describe("Northwind's own records are an Australian company's", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const login = await t.call(authEndpoints.login, {
      query: { ...globalDemoAccount(ROLE.lessorAdmin), password: DEMO_PASSWORD },
    });
    token = login.data.token as string;
  });
  afterAll(() => t?.dbh.close());

  it('names English-speaking inspectors, its one name and English texts in its quality history', async () => {
    const list = await t.call(qualityEndpoints.list, { token, query: { page: 1, pageSize: 100 } });
    expect(list.data.total).toBeGreaterThan(10);
    await expectEvery(
      list.data.list,
      (q) => !CJK.test([q.inspectorName, q.finishedByName, q.retestedByName, q.remark, q.ownerName].join(' ')),
    );
    expect(new Set(list.data.list.map((q) => q.ownerName))).toEqual(new Set(['Northwind Equipment Hire Pty Ltd']));
    for (const q of list.data.list.slice(0, 12)) {
      const detail = await t.call(qualityEndpoints.detail, { token, query: { id: q.id } });
      await expectEvery(
        detail.data.items,
        // Judged at the Sydney bench: no reading, note or name in Chinese, no position in Shanghai.
        (i) => !CJK.test([i.title, i.value, i.note, i.judgedByName].join(' ')) && !i.value.startsWith('31.'),
      );
    }
    // The operator's own inspectors of the Chinese brands keep their Chinese names.
    const operator = await t.call(qualityEndpoints.list, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { page: 1, pageSize: 200 },
    });
    expect(operator.data.list.some((q) => CJK.test(q.inspectorName))).toBe(true);
  });

  it('rents machines in from an Australian sub-lessor with an ABN, in AUD', async () => {
    const sublessors = await t.call(subleaseEndpoints.sublessorList, { token, query: { pageSize: 50 } });
    expect(sublessors.data.list).toHaveLength(1);
    const [s] = sublessors.data.list;
    expect(isAbn(s!.idNumber.replaceAll(' ', ''))).toBe(true);
    expect(isAustralianRegion(s!.province)).toBe(true);
    expect(isValidPhone(s!.contactPhone.replace(/^0/, ''), '61')).toBe(true);
    expect(CJK.test(JSON.stringify(s))).toBe(false);
    expect(s!.money.currency.code).toBe('AUD');
    const subleases = await t.call(subleaseEndpoints.subleaseList, { token, query: { pageSize: 50 } });
    expect(subleases.data.list.length).toBeGreaterThan(0);
    await expectEvery(
      subleases.data.list,
      (l) => l.money.currency.code === 'AUD' && l.costCents > 0 && !CJK.test(l.remark) && l.sublessorId === s!.id,
    );
    // Its people sign in at +61 and read what they lent.
    const login = await t.call(authEndpoints.login, {
      query: { ...AU_SUBLESSOR_DEMO_ACCOUNT, password: DEMO_PASSWORD },
    });
    expect(login.data.roleId).toBe(ROLE.other);
    const lent = await t.call(subleaseEndpoints.subleaseList, {
      token: login.data.token as string,
      query: { pageSize: 50 },
    });
    expect(lent.data.list.map((l) => l.id).sort()).toEqual(subleases.data.list.map((l) => l.id).sort());
  });

  it('names its coupons as an Australian promotion: no bare dollar, yuan or Chinese', async () => {
    const coupons = await t.call(couponEndpoints.list, { token, query: { page: 1, pageSize: 50 } });
    expect(coupons.data.list.length).toBeGreaterThan(0);
    await expectEvery(coupons.data.list, (c) => !/[$¥元]/.test(c.name) && !CJK.test(c.name));
  });
});

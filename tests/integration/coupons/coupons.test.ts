import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { couponEndpoints } from '@console/contract/http/coupons';
import { couponReceipts, coupons } from '@console/db/schema/coupons';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';
import { couponFixture, CUSTOMER_MOBILE, HOUR, OTHER_CUSTOMER_MOBILE } from './helpers.ts';

describe('coupons', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof couponFixture>>;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    f = await couponFixture(t);
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  const create = async (over: Parameters<typeof f.form>[0] = {}, token = admin) => {
    const made = await t.call(couponEndpoints.create, { token, body: f.form(over) });
    expect(made.status, made.message).toBe('200');
    return made.data.id;
  };
  const detail = async (id: number, token = admin) =>
    (await t.call(couponEndpoints.detail, { token, query: { id } })).data;
  const receiptCount = async () => (await t.dbh.db.select().from(couponReceipts).all()).length;

  it('creates a coupon with every rule, its whole total remaining', async () => {
    const id = await create();
    expect(await detail(id)).toMatchObject({
      name: 'Spring parts 20 off',
      type: 'cash',
      faceValueCents: 2000,
      discount: null,
      minSpendCents: 10000,
      total: 10,
      perUserLimit: 2,
      remaining: 10,
      validHours: 48,
      category: 'parts',
      issueState: 'issuing',
      received: 0,
      used: 0,
      expired: 0,
      editable: true,
    });
    const discount = await create({ type: 'discount', discount: 8.5, faceValueCents: 999, minSpendCents: 0 });
    // A discount keeps its tenths and not the face value the form carried.
    expect(await detail(discount)).toMatchObject({ type: 'discount', discount: 8.5, faceValueCents: null });
  });

  it('refuses each broken rule on its field, in both languages, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ name: ' ' }, 'name', 'This field is required', '不能为空'],
      [{ type: 'discount', discount: 10 }, 'discount', 'The discount is between 0 and 10', '折扣应在 0 到 10 之间'],
      [{ type: 'discount', discount: 0 }, 'discount', 'The discount is between 0 and 10', '折扣应在 0 到 10 之间'],
      [{ type: 'discount', discount: 8.55 }, 'discount', 'The discount is between 0 and 10', '最多一位小数'],
      [{ type: 'discount', discount: null }, 'discount', 'The discount is between 0 and 10', '折扣'],
      [{ faceValueCents: null }, 'faceValueCents', 'Enter a face value', '请输入大于 0 的面额'],
      [{ issueFrom: '' }, 'issueFrom', 'Select the issue period', '请选择发放时间'],
      [{ issueFrom: f.day(5), issueTo: f.day(1) }, 'issueTo', 'cannot end before it starts', '不能早于开始日期'],
      [{ total: 0 }, 'total', 'Enter the total to issue', '请输入发放总数'],
      [{ perUserLimit: 11 }, 'perUserLimit', 'cannot exceed the total', '不能超过发放总数'],
      [{ validHours: 0 }, 'validHours', 'Enter the validity after receipt', '有效时长'],
      [{ category: 'boats' }, 'category', 'Select the category it applies to', '请选择适用类别'],
      [{ minSpendCents: 1500 }, 'minSpendCents', 'cannot be below the face value', '不能低于面额'],
      [{ faceValueCents: 12.5 }, 'faceValueCents', 'Enter a face value', '面额'],
    ];
    for (const [over, field, en, zh] of cases) {
      const body = { ...f.form(), ...over };
      const inEnglish = await t.call(couponEndpoints.create, { token: admin, loose: { body } });
      expect(inEnglish, field).toMatchObject({ status: '400', data: { field } });
      expect(inEnglish.message).toContain(en);
      const inChinese = await t.call(couponEndpoints.create, { token: admin, loose: { body }, lang: 'zh_CN' });
      expect(inChinese.message).toContain(zh);
    }
    expect(await t.dbh.db.select().from(coupons).all()).toEqual([]);
  });

  it('grants to mobiles, all or none: unknown mobiles, the per-user limit and what remains refuse the whole grant', async () => {
    const id = await create({ total: 5, perUserLimit: 2 });
    const grant = (mobiles: string[], count: number, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      t.call(couponEndpoints.grant, { token: admin, body: { id, mobiles, count }, lang });

    // A number nobody has, and one outside the company (the operator's finance), are named.
    const unknown = await grant([CUSTOMER_MOBILE, '13999999999', '13800000003'], 1);
    expect(unknown.status).toBe('409');
    expect(unknown.message).toBe('No user has these mobile numbers: 13999999999, 13800000003');
    expect((await grant(['13999999999'], 1, 'zh_CN')).message).toBe('以下手机号没有对应的用户：13999999999');
    expect(await receiptCount()).toBe(0);

    const granted = await grant([CUSTOMER_MOBILE, OTHER_CUSTOMER_MOBILE], 1);
    expect(granted.status, granted.message).toBe('200');
    expect(granted.data).toEqual({ granted: 2, remaining: 3 });
    expect(granted.message).toBe('2 coupons granted');

    const overLimit = await grant([CUSTOMER_MOBILE], 2);
    expect(overLimit.status).toBe('409');
    expect(overLimit.message).toBe(`${CUSTOMER_MOBILE} already holds 1; the limit per user is 2`);
    expect((await grant([CUSTOMER_MOBILE], 2, 'zh_CN')).message).toBe(`${CUSTOMER_MOBILE} 已领取 1 张，每人限领 2 张`);

    // Four wanted, three left: nothing is given.
    const tooMany = await grant([CUSTOMER_MOBILE, OTHER_CUSTOMER_MOBILE, '13800000006', '13800000007'], 1);
    expect(tooMany.message).toBe('Only 3 coupons remain, fewer than 4');
    expect((await detail(id)).remaining).toBe(3);
    expect(await receiptCount()).toBe(2);

    const rest = await grant([CUSTOMER_MOBILE, '13800000006', '13800000007'], 1);
    expect(rest.data).toEqual({ granted: 3, remaining: 0 });
    expect(await detail(id)).toMatchObject({ remaining: 0, received: 5, used: 0, expired: 0 });
    // Nothing left: the next grant is refused, the remaining count stays at zero.
    expect((await grant([OTHER_CUSTOMER_MOBILE], 1)).message).toBe('Only 0 coupons remain, fewer than 1');
  });

  it('shows the received coupons by state: received, then expired when its hours have passed', async () => {
    const id = await create({ validHours: 2 });
    await t.call(couponEndpoints.grant, { token: admin, body: { id, mobiles: [CUSTOMER_MOBILE], count: 2 } });
    const received = await t.call(couponEndpoints.received, {
      token: admin,
      query: { couponId: id, pageSize: 20, page: 1 },
    });
    expect(received.data.total).toBe(2);
    await expectEvery(received.data.list, (r) => r.state === 'received' && r.mobile === CUSTOMER_MOBILE);
    expect(received.data.list[0]!.holderName).not.toBe('');

    t.advance(2 * HOUR);
    const later = await t.call(couponEndpoints.received, {
      token: admin,
      query: { couponId: id, state: 'expired', page: 1, pageSize: 20 },
    });
    expect(later.data.total).toBe(2);
    await expectEvery(later.data.list, (r) => r.state === 'expired');
    const stillReceived = await t.call(couponEndpoints.received, {
      token: admin,
      query: { couponId: id, state: 'received', page: 1, pageSize: 20 },
    });
    expect(stillReceived.data.total).toBe(0);
    expect(await detail(id)).toMatchObject({ received: 2, expired: 2, used: 0 });
  });

  it('grants only while issuing: not before the period, not after it is stopped', async () => {
    const upcoming = await create({ issueFrom: f.day(3), issueTo: f.day(10) });
    expect(await detail(upcoming)).toMatchObject({ issueState: 'upcoming' });
    const early = await t.call(couponEndpoints.grant, {
      token: admin,
      body: { id: upcoming, mobiles: [CUSTOMER_MOBILE], count: 1 },
    });
    expect(early).toMatchObject({ status: '409', message: 'The coupon is outside its issue period or stopped' });

    const id = await create();
    const stop = await t.call(couponEndpoints.stop, { token: admin, body: { id } });
    expect(stop).toMatchObject({ status: '200', message: 'Issuing stopped' });
    expect(await detail(id)).toMatchObject({ issueState: 'stopped' });
    const again = await t.call(couponEndpoints.stop, { token: admin, body: { id }, lang: 'zh_CN' });
    expect(again).toMatchObject({ status: '409', message: '该优惠券已停止发放' });
    const late = await t.call(couponEndpoints.grant, {
      token: admin,
      body: { id, mobiles: [CUSTOMER_MOBILE], count: 1 },
    });
    expect(late.status).toBe('409');
    expect(await receiptCount()).toBe(0);

    const ended = await create({ issueFrom: f.day(-10), issueTo: f.day(-1) });
    expect(await detail(ended)).toMatchObject({ issueState: 'ended' });
    const list = await t.call(couponEndpoints.list, {
      token: admin,
      query: { issueState: 'stopped', page: 1, pageSize: 20 },
    });
    expect(list.data.list.map((c) => c.id)).toEqual([id]);
  });

  it('deletes a coupon nobody received; one received can only be stopped', async () => {
    const unused = await create();
    expect((await t.call(couponEndpoints.remove, { token: admin, body: { id: unused } })).status).toBe('200');
    const held = await create();
    await t.call(couponEndpoints.grant, { token: admin, body: { id: held, mobiles: [CUSTOMER_MOBILE], count: 1 } });
    const refused = await t.call(couponEndpoints.remove, { token: admin, body: { id: held } });
    expect(refused).toMatchObject({ status: '409' });
    expect(refused.message).toContain('cannot be deleted');
    expect(await t.dbh.db.select().from(coupons).where(eq(coupons.id, held)).all()).toHaveLength(1);
  });

  it('lists with filters and counts; each company writes its own, the operator reads all', async () => {
    const own = await create({ name: 'Huadong spring' });
    await create({ name: 'Huadong 9折', type: 'discount', discount: 9, minSpendCents: 0, category: 'all' });
    const finance = await t.tokenFor(ROLE.finance);
    const operators = await create({ name: 'Platform launch' }, finance);

    const byType = await t.call(couponEndpoints.list, {
      token: admin,
      query: { type: 'discount', page: 1, pageSize: 20 },
    });
    expect(byType.data.list.map((c) => c.name)).toEqual(['Huadong 9折']);
    const byName = await t.call(couponEndpoints.list, {
      token: admin,
      query: { keyword: 'spring', page: 1, pageSize: 20 },
    });
    expect(byName.data.list.map((c) => c.id)).toEqual([own]);
    // The rental company does not see the operator's coupon, nor grant or stop it.
    const mine = await t.call(couponEndpoints.list, { token: admin, query: { page: 1, pageSize: 20 } });
    expect(mine.data.list.map((c) => c.id)).not.toContain(operators);
    expect((await t.call(couponEndpoints.stop, { token: admin, body: { id: operators } })).status).toBe('404');
    const theirs = await t.call(couponEndpoints.received, {
      token: admin,
      query: { couponId: operators, page: 1, pageSize: 20 },
    });
    expect(theirs.status).toBe('404');
    // The operator reads every company's, but changes only its own.
    const all = await t.call(couponEndpoints.list, { token: finance, query: { page: 1, pageSize: 20 } });
    expect(all.data.list.map((c) => c.id)).toEqual(expect.arrayContaining([own, operators]));
    expect(all.data.list.find((c) => c.id === own)).toMatchObject({ editable: false, orgName: expect.any(String) });
    expect((await t.call(couponEndpoints.stop, { token: finance, body: { id: own } })).status).toBe('403');
    // Readers who do not write; people who do not read.
    const staff = await t.tokenFor(ROLE.lessorStaff);
    expect((await t.call(couponEndpoints.detail, { token: staff, query: { id: own } })).data.editable).toBe(false);
    expect((await t.call(couponEndpoints.create, { token: staff, body: f.form() })).status).toBe('403');
    for (const role of [ROLE.lessorSales, ROLE.technician, ROLE.distributor]) {
      const answer = await t.call(couponEndpoints.list, {
        token: await t.tokenFor(role),
        query: { page: 1, pageSize: 20 },
      });
      expect(answer.status, `role ${role}`).toBe('403');
    }
  });
});

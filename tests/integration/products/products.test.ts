import { and, eq, ne } from 'drizzle-orm';
import { organisations, users } from '@console/db/schema/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { builtInModelImage } from '@console/contract/http/device-models';
import { productEndpoints, type ProductForm } from '@console/contract/http/products';
import { deviceModels } from '@console/db/schema/devices';
import { leasePrices, products } from '@console/db/schema/products';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

describe('price configuration', () => {
  let t: TestApp;
  let finance: string;
  let lessor: string;
  let distributors: { id: number; name: string }[];
  beforeEach(async () => {
    t = await createTestApp();
    await t.dbh.db.delete(products).run();
    await t.dbh.db.delete(leasePrices).run();
    finance = await t.tokenFor(ROLE.finance);
    lessor = await t.tokenFor(ROLE.lessorAdmin);
    distributors = (await t.call(productEndpoints.options, { token: finance })).data.distributors;
  });
  afterEach(() => t.dbh.close());

  const form = (over: Partial<ProductForm> = {}): ProductForm => ({
    category: 'terminal',
    name: 'GPS terminal T3',
    image: builtInModelImage('forklift'),
    description: 'A 4G positioning terminal for any machine',
    keyAttributes: '4G, GPS + BeiDou',
    otherAttributes: 'IP67',
    salesAttributes: 'Ships in 48 hours',
    spec: 'T3 / 12-24 V',
    amountCents: 59900,
    shares: [{ distributorId: distributors[0]!.id, basisPoints: 1000 }],
    ...over,
  });

  it('keeps a product with its price in cents and its distributors’ shares', async () => {
    expect(distributors.length).toBeGreaterThan(0);
    const made = await t.call(productEndpoints.create, { token: finance, body: form() });
    expect(made.status, made.message).toBe('200');
    const list = await t.call(productEndpoints.list, { token: finance, query: { page: 1, pageSize: 20 } });
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({
      name: 'GPS terminal T3',
      amountCents: 59900,
      shareTotal: 1000,
      shares: [{ distributorId: distributors[0]!.id, basisPoints: 1000, distributorName: distributors[0]!.name }],
      editable: true,
    });
    const changed = await t.call(productEndpoints.update, {
      token: finance,
      body: { ...form({ amountCents: 49900, category: 'parts' }), id: made.data.id },
    });
    expect(changed.status, changed.message).toBe('200');
    const parts = await t.call(productEndpoints.list, {
      token: finance,
      query: { category: 'parts', page: 1, pageSize: 20 },
    });
    expect(parts.data.list.map((p) => p.amountCents)).toEqual([49900]);
    // Its spec and description in both languages, kept as written.
    const bilingual = {
      specZh: 'T3 / 12-24 伏',
      specEn: 'T3 / 12-24 V',
      descriptionZh: '适用于各类机械的 4G 定位终端',
      descriptionEn: 'A 4G positioning terminal for any machine',
    };
    expect(
      (await t.call(productEndpoints.update, { token: finance, body: { ...form(bilingual), id: made.data.id } }))
        .status,
    ).toBe('200');
    const both = await t.call(productEndpoints.list, { token: finance, query: { page: 1, pageSize: 20 } });
    expect(both.data.list[0]).toMatchObject({ ...bilingual, spec: 'T3 / 12-24 V' });
    // The longest each may be is kept.
    const longest = { specZh: '规'.repeat(100), specEn: 'x'.repeat(100), descriptionEn: 'x'.repeat(2000) };
    expect(
      (await t.call(productEndpoints.update, { token: finance, body: { ...form(longest), id: made.data.id } })).status,
    ).toBe('200');
    expect((await t.call(productEndpoints.remove, { token: finance, body: { id: made.data.id } })).status).toBe('200');
    expect(await t.dbh.db.select().from(products).all()).toEqual([]);
  });

  it('requires every item of the form and a plan that adds up, in both languages', async () => {
    const [a, b] = distributors;
    const cases: [Partial<ProductForm> | Record<string, unknown>, string, string, string][] = [
      [{ name: '' }, 'name', 'This field is required', '不能为空'],
      [{ spec: ' ' }, 'spec', 'This field is required', '不能为空'],
      [{ description: '' }, 'description', 'This field is required', '不能为空'],
      [{ specZh: '规'.repeat(101) }, 'specZh', 'Too long', '内容过长'],
      [{ specEn: 'x'.repeat(101) }, 'specEn', 'Too long', '内容过长'],
      [{ descriptionZh: '述'.repeat(2001) }, 'descriptionZh', 'Too long', '内容过长'],
      [{ descriptionEn: 'x'.repeat(2001) }, 'descriptionEn', 'Too long', '内容过长'],
      [{ image: '' }, 'image', 'Upload the product image', '请上传商品图片'],
      [{ category: 'boats' }, 'category', 'Select the product category', '请选择商品类别'],
      [{ amountCents: 0 }, 'amountCents', 'Enter an amount greater than 0', '请输入大于 0 的金额'],
      [{ amountCents: 10.5 }, 'amountCents', 'Enter an amount greater than 0', '最多两位小数'],
      [{ shares: [] }, 'shares', 'Fill in the revenue-sharing plan', '请填写分润方案'],
      [
        { shares: [{ distributorId: a!.id, basisPoints: 0 }] },
        'shares.0.basisPoints',
        'A share is between',
        '分成比例',
      ],
      [
        {
          shares: [
            { distributorId: a!.id, basisPoints: 10 },
            { distributorId: a!.id, basisPoints: 10 },
          ],
        },
        'shares',
        'A distributor appears only once',
        '同一分销商只能出现一次',
      ],
      [
        {
          shares: [
            { distributorId: a!.id, basisPoints: 6000 },
            { distributorId: (b ?? a)!.id + (b ? 0 : 100000), basisPoints: 5000 },
          ],
        },
        'shares',
        'cannot exceed 100%',
        '合计不能超过 100%',
      ],
    ];
    for (const [over, field, en, zh] of cases) {
      const body = { ...form(), ...over };
      const english = await t.call(productEndpoints.create, { token: finance, loose: { body } });
      expect(english, field).toMatchObject({ status: '400', data: { field } });
      expect(english.message).toContain(en);
      expect(
        (await t.call(productEndpoints.create, { token: finance, loose: { body }, lang: 'zh_CN' })).message,
      ).toContain(zh);
    }
    const stranger = await t.call(productEndpoints.create, {
      token: finance,
      body: form({ shares: [{ distributorId: 999999, basisPoints: 100 }] }),
    });
    expect(stranger).toMatchObject({ status: '400', data: { field: 'shares' } });
    expect(stranger.message).toContain('The distributor chosen does not exist');
    expect(await t.dbh.db.select().from(products).all()).toEqual([]);
  });

  it('lets each company set its own products; the operator reads all and changes its own', async () => {
    const operators = (await t.call(productEndpoints.create, { token: finance, body: form({ name: 'Platform SIM' }) }))
      .data.id;
    const own = (await t.call(productEndpoints.create, { token: lessor, body: form({ name: 'Huadong guardrail' }) }))
      .data.id;
    const seen = await t.call(productEndpoints.list, { token: lessor, query: { page: 1, pageSize: 20 } });
    expect(seen.data.list.map((p) => p.id)).toEqual([own]);
    expect((await t.call(productEndpoints.remove, { token: lessor, body: { id: operators } })).status).toBe('404');
    const all = await t.call(productEndpoints.list, {
      token: await t.tokenFor(ROLE.companyAdmin),
      query: { page: 1, pageSize: 20 },
    });
    expect(all.data.list.map((p) => p.id)).toEqual(expect.arrayContaining([own, operators]));
    expect(all.data.list.find((p) => p.id === own)!.editable).toBe(false);
    const update = await t.call(productEndpoints.update, { token: finance, body: { ...form(), id: own } });
    expect(update.status).toBe('403');
    const employee = await t.tokenFor(ROLE.companyEmployee);
    expect((await t.call(productEndpoints.list, { token: employee, query: { page: 1, pageSize: 20 } })).status).toBe(
      '200',
    );
    expect((await t.call(productEndpoints.create, { token: employee, body: form() })).status).toBe('403');
    for (const role of [ROLE.lessorSales, ROLE.technician, ROLE.distributor, ROLE.other]) {
      expect(
        (await t.call(productEndpoints.list, { token: await t.tokenFor(role), query: { page: 1, pageSize: 20 } }))
          .status,
      ).toBe('403');
    }
  });

  it('keeps a lease price per model and business model, only the prices the model shows', async () => {
    const options = await t.call(productEndpoints.options, { token: lessor });
    const model = options.data.models[0]!;
    const save = (body: Record<string, unknown>, token = lessor, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      t.call(productEndpoints.saveLeasePrice, { token, loose: { body }, lang });
    const daily = await save({ modelId: model.id, businessModel: 23, dayCents: 35000, monthCents: 800000 });
    expect(daily.status, daily.message).toBe('200');
    // Saved again: the one price is replaced.
    await save({ modelId: model.id, businessModel: 23, dayCents: 36000 });
    await save({ modelId: model.id, businessModel: 22, dayCents: 30000, monthCents: 700000 });
    const list = await t.call(productEndpoints.leasePrices, {
      token: lessor,
      query: { modelId: model.id, page: 1, pageSize: 20 },
    });
    expect(list.data.list.map((p) => [p.businessModel, p.dayCents, p.monthCents])).toEqual([
      [22, 30000, 700000],
      [23, 36000, null],
    ]);
    // The salesperson reads it for the contract form; only the administrator sets it.
    const sales = await t.tokenFor(ROLE.lessorSales);
    expect(
      (await t.call(productEndpoints.leasePrices, { token: sales, query: { page: 1, pageSize: 20 } })).data.total,
    ).toBe(2);
    expect((await save({ modelId: model.id, businessModel: 23, dayCents: 1 }, sales)).status).toBe('403');

    const missing = await save({ modelId: model.id, businessModel: 22, dayCents: 30000 }, lessor, 'zh_CN');
    expect(missing).toMatchObject({ status: '400', data: { field: 'monthCents' } });
    expect(missing.message).toContain('该业务模式需要填写此价格');
    expect((await save({ modelId: model.id, businessModel: 26, dayCents: 1 })).message).toContain(
      'Select the business model',
    );
    // Another company's model is not this company's to price.
    const own = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.lessorAdmin)))
      .get())!;
    const otherLessor = (await t.dbh.db
      .select()
      .from(organisations)
      .where(and(eq(organisations.kind, 'lessor'), ne(organisations.id, own.orgId)))
      .get())!;
    const foreign = await t.dbh.db
      .insert(deviceModels)
      .values({ orgId: otherLessor.id, name: 'Their own lift', category: 'aerialPlatform', image: '' })
      .returning()
      .get();
    const refused = await save({ modelId: foreign.id, businessModel: 23, dayCents: 100 });
    expect(refused).toMatchObject({ status: '400', data: { field: 'modelId' } });
    expect(refused.message).toContain('The machine model is not one this company uses');

    const priceId = list.data.list[0]!.id;
    expect((await t.call(productEndpoints.removeLeasePrice, { token: lessor, body: { id: priceId } })).status).toBe(
      '200',
    );
    expect(await t.dbh.db.select().from(leasePrices).where(eq(leasePrices.id, priceId)).all()).toEqual([]);
  });
});

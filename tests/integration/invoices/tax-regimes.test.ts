import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAbn } from '@console/contract/codes/tax-regimes';
import { ROLE } from '@console/contract/codes/roles';
import { invoiceEndpoints } from '@console/contract/http/invoices';
import { lessorEndpoints } from '@console/contract/http/lessors';
import { settingsEndpoints } from '@console/contract/http/settings';
import { and, eq, inArray } from 'drizzle-orm';
import { orgDay } from '@console/db/org-zone';
import { organisations, users } from '@console/db/schema/accounts';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { PNG, upload } from '../settings/helpers.ts';
import { invoiceForm } from './helpers.ts';

/**
 * A company asks for the invoices of its brand's tax regime (decision 064): the global brand's Australian business
 * for GST tax invoices with an ABN, the Chinese brands' companies for VAT invoices with a Chinese tax number.
 */
describe('invoices by the tax regime of the brand', () => {
  let t: TestApp;
  let huadong: string;
  let northwind: string;
  beforeAll(async () => {
    t = await createTestApp();
    huadong = await t.tokenFor(ROLE.lessorAdmin);
    northwind = await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
  });
  afterAll(() => t?.dbh.close());

  const gst = { type: 'taxInvoice' as const, taxRate: 10, title: 'Northwind Equipment Hire Pty Ltd' };
  const vat = { type: 'ordinary' as const, taxRate: 13, title: '华东高空作业设备租赁有限公司' };
  const save = (token: string, body: object, lang?: 'zh_CN' | 'en_US') =>
    t.call(settingsEndpoints.updateInvoice, { token, lang, loose: { body } });

  it("starts the business abroad's invoice requests as GST tax invoices under its English name", async () => {
    const { status, data } = await t.call(invoiceEndpoints.invoiceable, { token: northwind });
    expect(status).toBe('200');
    expect(data.profile).toMatchObject({ invoiceType: 'taxInvoice', taxRate: 10 });
    expect(isAbn(data.profile.taxNumber)).toBe(true);
    expect(data.profile.title).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('gives the Australian business GST tax invoices with its ABN, kept without spaces', async () => {
    const saved = await save(northwind, { ...gst, taxNumber: '51 824 753 556' });
    expect(saved).toMatchObject({ status: '200', data: { invoice: { type: 'taxInvoice', taxRate: 10 } } });
    expect(saved.data.invoice.taxNumber).toBe('51824753556');
  });

  it('refuses it Chinese VAT invoices, a Chinese tax number and an ABN that does not check out', async () => {
    const chineseKind = await save(northwind, { ...vat, taxNumber: '51 824 753 556' });
    expect(chineseKind).toMatchObject({ status: '400', data: { field: 'type' } });
    const chineseNumber = await save(northwind, { ...gst, taxNumber: '91310115MA1K4XXX2B' });
    expect(chineseNumber).toMatchObject({ status: '400', data: { field: 'taxNumber' } });
    const wrongDigit = await save(northwind, { ...gst, taxNumber: '51 824 753 557' });
    expect(wrongDigit).toMatchObject({ status: '400', data: { field: 'taxNumber' } });
    const gstAtVatRate = await save(northwind, { ...gst, taxRate: 13, taxNumber: '51824753556' });
    expect(gstAtVatRate).toMatchObject({ status: '400', data: { field: 'taxRate' } });
    // Nothing of the refused changes stayed.
    const kept = await t.call(settingsEndpoints.companyProfile, { token: northwind });
    expect(kept.data.invoice).toMatchObject({ type: 'taxInvoice', taxNumber: '51824753556' });
  });

  it("numbers the Australian business's tax invoices INV- with the day they were asked (a Chinese one is FP)", async () => {
    // Northwind's renter (the one of its customers with a console user) asks over a bill it paid.
    const renterOrg = (
      await t.dbh.db
        .select()
        .from(organisations)
        .where(
          and(
            eq(
              organisations.parentId,
              (await t.dbh.db
                .select()
                .from(users)
                .where(eq(users.mobile, globalDemoAccount(ROLE.lessorAdmin).account))
                .get())!.orgId,
            ),
            eq(organisations.kind, 'customer'),
          ),
        )
        .all()
    ).map((o) => o.id);
    const asker = (await t.dbh.db
      .select()
      .from(users)
      .where(and(inArray(users.orgId, renterOrg), eq(users.roleId, ROLE.other)))
      .get())!;
    const renter = await t.tokenForAccount(asker.mobile);
    const free = await t.call(invoiceEndpoints.invoiceable, { token: renter });
    const item = free.data.list.find((i) => i.source === 'bill')!;
    const made = await t.call(invoiceEndpoints.request, {
      token: renter,
      body: invoiceForm([{ source: 'bill', id: item.sourceId }], {
        ...gst,
        title: 'Harbourline Construction Pty Ltd',
        taxNumber: '51824753556',
      }),
    });
    expect(made.status, made.message).toBe('200');
    const day = (await orgDay(t.dbh.db, asker.orgId, t.deps.now())).replaceAll('-', '');
    expect(made.data.number).toMatch(new RegExp(`^INV-${day}-\\d{6}$`));
  });

  it('says why in both languages', async () => {
    const zh = await save(northwind, { ...vat, taxNumber: '51824753556' }, 'zh_CN');
    expect(zh.message).toContain('该品牌不开具此类发票');
    const en = await save(northwind, { ...vat, taxNumber: '51824753556' }, 'en_US');
    expect(en.message).toContain('This kind of invoice is not issued under this brand');
  });

  it('keeps the Chinese companies on VAT invoices with Chinese tax numbers', async () => {
    const ok = await save(huadong, { ...vat, taxNumber: '91310115MA1K4XXX2B' });
    expect(ok).toMatchObject({ status: '200', data: { invoice: { type: 'ordinary', taxRate: 13 } } });
    expect(await save(huadong, { ...gst, taxNumber: '91310115MA1K4XXX2B' })).toMatchObject({
      status: '400',
      data: { field: 'type' },
    });
    expect(await save(huadong, { ...vat, taxNumber: '51824753556' })).toMatchObject({
      status: '400',
      data: { field: 'taxNumber' },
    });
  });

  it('registers each company under its own country’s number: one of the global brand its ABN, a Chinese company its credit code', async () => {
    // Northwind was verified under its ABN when it joined; a rental company the operator onboards under the global
    // brand now registers its company the same way.
    const northwindOwn = (await t.call(settingsEndpoints.companyProfile, { token: northwind })).data.verification;
    expect(northwindOwn.status).toBe('approved');
    expect(isAbn(northwindOwn.creditCode)).toBe(true);
    const adminMobile = '412000777';
    const created = await t.call(lessorEndpoints.create, {
      token: await t.tokenFor(ROLE.companyAdmin),
      body: {
        name: 'Southern Cross Access Hire Pty Ltd',
        nameZh: '',
        nameEn: 'Southern Cross Access Hire Pty Ltd',
        contactName: 'Grace Mitchell',
        areaCode: '61',
        contactPhone: '412000778',
        province: 'New South Wales',
        city: 'Sydney',
        district: 'Parramatta',
        address: '12 Church Street',
        creditCode: '',
        appid: 'liftgo',
        timeZone: 'Australia/Sydney',
        leasing: true,
        rentalDomestic: false,
        rentalForeign: false,
        adminName: 'Grace Mitchell',
        adminMobile,
        adminAreaCode: '61',
        adminMode: 'message',
      },
    });
    expect(created.status, created.message).toBe('200');
    const newcomer = await t.tokenForAccount(adminMobile);
    const before = (await t.call(settingsEndpoints.companyProfile, { token: newcomer })).data.verification;
    expect(before.status).not.toMatch(/pending|approved/);

    const licence = (await upload(t, newcomer, { bytes: PNG, name: 'asic.png' }, 'image')).data.url as string;
    const body = { legalPerson: 'Grace Mitchell', licenseImage: licence };
    const submit = (token: string, creditCode: string, lang: 'en_US' | 'zh_CN' = 'en_US') =>
      t.call(settingsEndpoints.submitVerification, { token, lang, body: { ...body, creditCode } });
    const chineseCode = await submit(newcomer, '91310115MA1K4XXX2B');
    expect(chineseCode).toMatchObject({ status: '400', data: { field: 'creditCode' } });
    expect(chineseCode.message).toContain('Please enter a valid ABN');
    expect((await submit(newcomer, '91310115MA1K4XXX2B', 'zh_CN')).message).toContain('澳大利亚商业编号');
    expect((await submit(newcomer, '51 824 753 557')).data).toMatchObject({ field: 'creditCode' });
    const abn = await submit(newcomer, '51 824 753 556');
    expect(abn.status, abn.message).toBe('200');
    expect(abn.data.verification).toMatchObject({ status: 'pending', creditCode: '51824753556' });

    // A Chinese company is registered under its unified social credit code, never an ABN.
    const huadongAbn = await submit(huadong, '51824753556', 'zh_CN');
    expect(huadongAbn).toMatchObject({ status: '400', data: { field: 'creditCode' } });
    expect(huadongAbn.message).toContain('统一社会信用代码');
  });
});

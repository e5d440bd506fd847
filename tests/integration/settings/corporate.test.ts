import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { settingsEndpoints } from '@console/contract/http/settings';
import { organisations } from '@console/db/schema/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { PNG, tokenInOrg, upload } from './helpers.ts';

const details = {
  name: 'Huadong Aerial Leasing Co., Ltd.',
  contactName: 'Zhang Wei',
  contactPhone: '021-5555 0101',
  province: 'Shanghai',
  city: 'Shanghai',
  district: 'Pudong',
  address: '88 Century Avenue',
};
const invoice = {
  type: 'special' as const,
  taxRate: 13,
  title: 'Huadong Aerial Leasing Co., Ltd.',
  taxNumber: '91310115MA1K4PQR2G',
  bank: 'Bank of Shanghai Pudong Branch',
  account: '31686803002345678',
  address: '88 Century Avenue, Shanghai',
  phone: '021-55550101',
};

describe('corporate settings', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
  });
  afterEach(() => t.dbh.close());

  it('lets the rental company’s administrator and salesperson read it; only the administrator may edit', async () => {
    const asAdmin = await t.call(settingsEndpoints.companyProfile, { token: admin });
    expect(asAdmin).toMatchObject({ status: '200', data: { name: BUSINESSES[0]!.names.en, canEdit: true } });
    expect(asAdmin.data.rental).toEqual({ domestic: true, foreign: false });
    const sales = await t.tokenFor(ROLE.lessorSales);
    expect((await t.call(settingsEndpoints.companyProfile, { token: sales })).data.canEdit).toBe(false);
    const refused = await t.call(settingsEndpoints.updateCompanyDetails, { token: sales, body: details });
    expect(refused.status).toBe('403');
    expect(
      (await t.call(settingsEndpoints.setRentalPermission, { token: sales, body: { kind: 'foreign', enabled: true } }))
        .status,
    ).toBe('403');
  });

  it('refuses every other role', async () => {
    const others: RoleId[] = [
      ROLE.companyEmployee,
      ROLE.companyAdmin,
      ROLE.finance,
      ROLE.technician,
      ROLE.distributor,
      ROLE.lessorStaff,
    ];
    for (const roleId of others) {
      const token = await t.tokenFor(roleId);
      expect((await t.call(settingsEndpoints.companyProfile, { token })).status, `role ${roleId}`).toBe('403');
      expect((await t.call(settingsEndpoints.updateInvoice, { token, body: invoice })).status, `role ${roleId}`).toBe(
        '403',
      );
    }
  });

  it('changes only the own company', async () => {
    const res = await t.call(settingsEndpoints.updateCompanyDetails, { token: admin, body: details });
    expect(res).toMatchObject({ status: '200', data: { name: details.name, contactPhone: details.contactPhone } });
    const other = await tokenInOrg(t, 'Pearl River Lift Rental', ROLE.lessorAdmin, '13933334444');
    const theirs = await t.call(settingsEndpoints.companyProfile, { token: other.token });
    // Read in English: the company's English name, untouched.
    expect(theirs.data.name).toBe(BUSINESSES[1]!.names.en);
  });

  it('refuses invalid company details on the field', async () => {
    const res = await t.call(settingsEndpoints.updateCompanyDetails, {
      token: admin,
      body: { ...details, contactPhone: 'call me' },
    });
    expect(res).toMatchObject({ status: '400', data: { field: 'contactPhone' } });
    const noAddress = await t.call(settingsEndpoints.updateCompanyDetails, {
      token: admin,
      body: { ...details, address: ' ' },
    });
    expect(noAddress).toMatchObject({ status: '400', data: { field: 'address' } });
  });

  it('keeps special and ordinary invoices with their own tax rates', async () => {
    const special = await t.call(settingsEndpoints.updateInvoice, { token: admin, body: invoice });
    expect(special).toMatchObject({ status: '200', data: { invoice: { type: 'special', taxRate: 13 } } });
    const noBank = await t.call(settingsEndpoints.updateInvoice, { token: admin, body: { ...invoice, bank: '' } });
    expect(noBank).toMatchObject({ status: '400', data: { field: 'bank' } });
    const specialAt1 = await t.call(settingsEndpoints.updateInvoice, {
      token: admin,
      body: { ...invoice, taxRate: 1 },
    });
    expect(specialAt1).toMatchObject({ status: '400', data: { field: 'taxRate' } });
    const ordinary = await t.call(settingsEndpoints.updateInvoice, {
      token: admin,
      body: { type: 'ordinary', taxRate: 1, title: 'Huadong', taxNumber: '91310115ma1k4pqr2g' },
    });
    expect(ordinary).toMatchObject({ status: '200', data: { invoice: { type: 'ordinary', taxRate: 1, bank: '' } } });
    expect(ordinary.data.invoice.taxNumber).toBe('91310115MA1K4PQR2G');
    const badTax = await t.call(settingsEndpoints.updateInvoice, {
      token: admin,
      body: { ...invoice, taxNumber: '12-34' },
    });
    expect(badTax).toMatchObject({ status: '400', data: { field: 'taxNumber' } });
  });

  it('submits enterprise verification once: it stays pending until reviewed', async () => {
    const licence = (await upload(t, admin, { bytes: PNG, name: 'licence.png' }, 'image')).data.url as string;
    const body = { creditCode: '91310115ma1k4pqr2g', legalPerson: 'Zhang Wei', licenseImage: licence };
    const res = await t.call(settingsEndpoints.submitVerification, { token: admin, body });
    expect(res).toMatchObject({
      status: '200',
      data: { verification: { status: 'pending', creditCode: '91310115MA1K4PQR2G', licenseImage: licence } },
    });
    const again = await t.call(settingsEndpoints.submitVerification, { token: admin, body });
    expect(again.status).toBe('409');
    // A rejected verification may be submitted again.
    await t.dbh.db
      .update(organisations)
      .set({ verifyStatus: 'rejected' })
      .where(eq(organisations.name, 'Huadong Aerial Leasing'))
      .run();
    expect((await t.call(settingsEndpoints.submitVerification, { token: admin, body })).status).toBe('200');
  });

  it('refuses a verification with a bad credit code, no licence or another organisation’s licence', async () => {
    const other = await tokenInOrg(t, 'Pearl River Lift Rental', ROLE.lessorAdmin, '13933335555');
    const theirs = (await upload(t, other.token, { bytes: PNG, name: 'l.png' }, 'image')).data.url as string;
    const base = { creditCode: '91310115MA1K4PQR2G', legalPerson: 'Zhang Wei' };
    const badCode = await t.call(settingsEndpoints.submitVerification, {
      token: admin,
      body: { ...base, creditCode: 'ABC', licenseImage: theirs },
    });
    expect(badCode).toMatchObject({ status: '400', data: { field: 'creditCode' } });
    const none = await t.call(settingsEndpoints.submitVerification, {
      token: admin,
      body: { ...base, licenseImage: '' },
    });
    expect(none).toMatchObject({ status: '400', data: { field: 'licenseImage' } });
    const foreign = await t.call(settingsEndpoints.submitVerification, {
      token: admin,
      body: { ...base, licenseImage: theirs },
    });
    expect(foreign).toMatchObject({ status: '400', data: { field: 'licenseImage' } });
    expect((await t.call(settingsEndpoints.companyProfile, { token: admin })).data.verification.status).toBe('none');
  });

  it('switches a rental permission on, and never off again', async () => {
    const off = await t.call(settingsEndpoints.setRentalPermission, {
      token: admin,
      body: { kind: 'domestic', enabled: false },
    });
    expect(off).toMatchObject({ status: '409', message: 'Rental business permission cannot be closed once enabled' });
    const zh = await t.call(settingsEndpoints.setRentalPermission, {
      token: admin,
      body: { kind: 'domestic', enabled: false },
      lang: 'zh_CN',
    });
    expect(zh.message).toBe('租赁业务权限开启后不能关闭');

    const on = await t.call(settingsEndpoints.setRentalPermission, {
      token: admin,
      body: { kind: 'foreign', enabled: true },
    });
    expect(on.data.rental).toEqual({ domestic: true, foreign: true });
    const offAgain = await t.call(settingsEndpoints.setRentalPermission, {
      token: admin,
      body: { kind: 'foreign', enabled: false },
    });
    expect(offAgain.status).toBe('409');
    expect((await t.call(settingsEndpoints.companyProfile, { token: admin })).data.rental.foreign).toBe(true);
    // The sign-in answer carries both permissions now (bit 1 domestic, bit 2 foreign).
    const info = await t.call(authEndpoints.getUserInfo, { token: admin });
    expect(info.data.lessorAuth).toBe(3);
  });

  it('refuses a malformed permission switch', async () => {
    const res = await t.call(settingsEndpoints.setRentalPermission, {
      token: admin,
      loose: { body: { kind: 'galactic', enabled: true } },
    });
    expect(res).toMatchObject({ status: '400', data: { field: 'kind' } });
  });
});

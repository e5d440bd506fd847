import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { isImei } from '@console/contract/codes/sim-cards';
import { simCardEndpoints, type SimCard } from '@console/contract/http/sim-cards';
import { simCards } from '@console/db/schema/sim-cards';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { firstDeviceOf, LESSOR_A, LESSOR_B, orgIdOf } from './helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

const IMEI = '490154203237518';
const ICCID = '89860112345678901234';

describe('SIM cards', () => {
  let t: TestApp;
  let admin: string;
  let lessorA: number;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    lessorA = await orgIdOf(t, LESSOR_A);
  });
  afterEach(() => t.dbh.close());

  const list = async (query: Record<string, unknown> = {}, token = admin) => {
    const res = await t.call(simCardEndpoints.list, { token, query: { pageSize: 200, ...query } });
    expect(res.status, res.message).toBe('200');
    return res.data as { list: SimCard[]; total: number };
  };

  it('lists the cards of the own company only, with the machine each sits in', async () => {
    const all = await t.dbh.db.select().from(simCards).all();
    const mine = all.filter((c) => c.orgId === lessorA);
    const { list: rows, total } = await list();
    expect(total).toBe(mine.length);
    await expectEvery(rows, (r) => r.editable && isImei(r.imei));
    const bound = rows.find((r) => r.deviceId)!;
    const bySerial = await list({ serialNumber: bound.serialNumber });
    expect(bySerial.list.map((r) => r.id)).toContain(bound.id);
    await expectEvery((await list({ carrier: 'chinaUnicom' })).list, (r) => r.carrier === 'chinaUnicom');
    expect((await list({ iccid: '%' })).total).toBe(0);
    const soon = await list({ expiry: 30 });
    await expectEvery(soon.list, (r) => r.renewal !== null && r.renewal > 0);
    expect((await list({}, await t.tokenFor(ROLE.companyAdmin))).total).toBe(all.length);
    expect((await t.call(simCardEndpoints.list, { token: await t.tokenFor(ROLE.distributor) })).status).toBe('403');
  });

  it("says 'enter IMEI/CCID' for a missing number and 'enter correct card number' for a wrong one", async () => {
    const base = { carrier: 'chinaMobile', serviceExpiresAt: '2027-06-30' } as const;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, imei: IMEI }, 'iccid', 'enter IMEI/CCID'],
      [{ ...base, iccid: ICCID }, 'imei', 'enter IMEI/CCID'],
      [{ ...base, iccid: '12345', imei: IMEI }, 'iccid', 'enter correct card number'],
      [{ ...base, iccid: ICCID, imei: '490154203237519' }, 'imei', 'enter correct card number'],
    ];
    for (const [body, field, text] of cases) {
      const res = await t.call(simCardEndpoints.create, { token: admin, loose: { body } });
      expect(res.status, JSON.stringify(body)).toBe('400');
      expect(res.data.field).toBe(field);
      expect(res.message).toContain(text);
    }
    const zh = await t.call(simCardEndpoints.create, { token: admin, loose: { body: { ...base } }, lang: 'zh_CN' });
    expect(zh.message).toContain('请输入IMEI/CCID');
  });

  it('registers, edits and deletes a card in an own machine, never in another company’s', async () => {
    const device = await firstDeviceOf(t, lessorA);
    const body = { iccid: ICCID, imei: IMEI, carrier: 'chinaTelecom' as const, serviceExpiresAt: '2027-06-30' };
    const created = await t.call(simCardEndpoints.create, { token: admin, body: { ...body, deviceId: device.id } });
    expect(created.status, created.message).toBe('200');
    const row = (await list({ iccid: ICCID })).list[0]!;
    expect(row).toMatchObject({
      serialNumber: device.serialNumber,
      serviceExpiresAt: '2027-06-30',
      carrier: 'chinaTelecom',
    });

    const again = await t.call(simCardEndpoints.create, { token: admin, body });
    expect(again.message).toContain('This ICCID is already registered');
    const foreign = await firstDeviceOf(t, await orgIdOf(t, LESSOR_B));
    const moved = await t.call(simCardEndpoints.update, {
      token: admin,
      body: { ...body, id: created.data.id, deviceId: foreign.id },
    });
    expect(moved.data.field).toBe('deviceId');

    const cardOfB = (await t.dbh.db
      .select()
      .from(simCards)
      .where(eq(simCards.orgId, await orgIdOf(t, LESSOR_B)))
      .get())!;
    expect((await t.call(simCardEndpoints.delete, { token: admin, body: { id: cardOfB.id } })).status).toBe('404');
    const deleted = await t.call(simCardEndpoints.delete, { token: admin, body: { id: created.data.id } });
    expect(deleted.status).toBe('200');
    expect((await list({ iccid: ICCID })).total).toBe(0);
  });
});

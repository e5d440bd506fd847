import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { feedbackEndpoints, type FeedbackRow } from '@console/contract/http/feedback';
import { feedback } from '@console/db/schema/feedback';
import { workOrders } from '@console/db/schema/work-orders';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoOrgs, machineOf, moveOrder } from '../maintenance/helpers.ts';
import { fetchFile, padded, PDF, PNG, upload } from '../settings/helpers.ts';
import { expectEvery } from '../../fixtures/expect-every.ts';

describe('customer feedback', () => {
  let t: TestApp;
  let orgs: Awaited<ReturnType<typeof demoOrgs>>;
  const customer = () => t.tokenFor(ROLE.other);
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const count = async () => (await t.dbh.db.select().from(feedback).all()).length;
  const detail = async (id: number, token?: string) =>
    (await t.call(feedbackEndpoints.detail, { token: token ?? (await admin()), query: { id } })).data as FeedbackRow;
  const send = async (extra: Record<string, unknown> = {}) => {
    const machine = await machineOf(t.dbh, orgs.lessor, orgs.customer);
    return t.call(feedbackEndpoints.create, {
      token: await customer(),
      body: { serialNumber: machine.serialNumber, info: 'Platform stops half way up', ...extra },
    });
  };

  beforeEach(async () => {
    t = await createTestApp();
    orgs = await demoOrgs(t.dbh);
  });

  it('reads the seeded feedback turned into a work order as the order went', async () => {
    const raised = await t.dbh.db.select().from(workOrders).where(eq(workOrders.source, 'feedback')).all();
    // The demo company's order was assigned and repaired: its customer's feedback reads "repaired".
    const ours = raised.find((o) => o.orgId === orgs.lessor)!;
    expect(ours.status).toBe(3);
    expect(await detail(ours.sourceId!)).toMatchObject({ status: 4, workOrderId: ours.id, handleable: false });
  });
  afterEach(() => t.dbh.close());

  it('takes a customer’s feedback with photos, shown to the owner’s staff', async () => {
    const photo = await upload(t, await customer(), { bytes: PNG, name: 'crack.png' }, 'photo');
    expect(photo.status).toBe('200');
    const sent = await send({ images: [photo.data.url], phone: '13912345678' });
    expect(sent.status).toBe('200');
    const seen = await detail(sent.data.id);
    expect(seen).toMatchObject({ status: 1, images: [photo.data.url], phone: '13912345678', handleable: true });
    expect(seen.reporterName).not.toBe('');
    // The owner's staff read the customer's photo.
    expect((await fetchFile(t, photo.data.url, await admin())).status).toBe(200);
    expect((await detail(sent.data.id, await customer())).handleable).toBe(false);
  });

  it('refuses missing information or serial number, an unknown or foreign machine and a bad phone', async () => {
    const before = await count();
    expect((await send({ info: ' ' })).data.field).toBe('info');
    const noSerial = await send({ serialNumber: '' });
    expect(noSerial).toMatchObject({ status: '400', data: { field: 'serialNumber' } });
    expect(noSerial.message).toContain('Enter the device serial number');
    const foreign = await machineOf(t.dbh, orgs.foreign);
    expect((await send({ serialNumber: foreign.serialNumber })).data.field).toBe('serialNumber');
    // A machine of its lessor that the customer does not lease.
    const notLeased = await machineOf(t.dbh, orgs.lessor, null);
    expect((await send({ serialNumber: notLeased.serialNumber })).data.field).toBe('serialNumber');
    expect((await send({ phone: '12345' })).data.field).toBe('phone');
    expect(await count()).toBe(before);
  });

  it('refuses images by content, size and count', async () => {
    const before = await count();
    const pdf = await upload(t, await customer(), { bytes: PDF, name: 'fake.png', type: 'image/png' }, 'photo');
    expect(pdf).toMatchObject({ status: '400', data: { issues: [{ message: 'upload.imageType' }] } });
    const big = await upload(t, await customer(), { bytes: padded(PNG, 500 * 1024 + 1), name: 'big.png' }, 'photo');
    expect(big).toMatchObject({ status: '400', data: { issues: [{ message: 'upload.imageTooLarge500k' }] } });
    const ok = await upload(t, await customer(), { bytes: padded(PNG, 500 * 1024), name: 'ok.png' }, 'photo');
    expect(ok.status).toBe('200');
    const eleven = await send({ images: Array.from({ length: 11 }, () => ok.data.url) });
    expect(eleven).toMatchObject({ status: '400', data: { field: 'images' } });
    // A general image (2 MB rule) or another organisation's upload is not a feedback photo.
    const general = await upload(t, await customer(), { bytes: PNG, name: 'avatar.png' }, 'image');
    expect((await send({ images: [general.data.url] })).data.field).toBe('images');
    const others = await upload(t, await admin(), { bytes: PNG, name: 'x.png' }, 'photo');
    expect((await send({ images: [others.data.url] })).data.field).toBe('images');
    expect(await count()).toBe(before);
  });

  it('lets the owner ignore or resolve pending feedback once, never the customer or a technician', async () => {
    const a = (await send()).data.id;
    const b = (await send()).data.id;
    for (const role of [ROLE.other, ROLE.technician, ROLE.lessorSales]) {
      const refused = await t.call(feedbackEndpoints.ignore, { token: await t.tokenFor(role), body: { id: a } });
      expect(refused.status).toBe('403');
    }
    expect((await t.call(feedbackEndpoints.ignore, { token: await admin(), body: { id: a } })).status).toBe('200');
    const resolved = await t.call(feedbackEndpoints.resolve, {
      token: await admin(),
      body: { id: b, remark: 'Reset by phone' },
    });
    expect(resolved.status).toBe('200');
    expect(await detail(a)).toMatchObject({ status: 3, handleable: false });
    expect(await detail(b)).toMatchObject({ status: 2, remark: 'Reset by phone' });
    expect((await detail(b)).handlerName).not.toBe('');
    const twice = await t.call(feedbackEndpoints.resolve, { token: await admin(), body: { id: a }, lang: 'zh_CN' });
    expect(twice).toMatchObject({ status: '409', message: '该反馈已处理' });
    expect((await t.call(feedbackEndpoints.raiseWorkOrder, { token: await admin(), body: { id: b } })).status).toBe(
      '409',
    );
  });

  it('turns feedback into a work order whose state it then follows: repaired, paid, resolved', async () => {
    const id = (await send({ phone: '13912345678' })).data.id;
    const raised = await t.call(feedbackEndpoints.raiseWorkOrder, { token: await admin(), body: { id } });
    expect(raised.status).toBe('200');
    const orderId = raised.data.workOrderId;
    const order = (await t.dbh.db.select().from(workOrders).where(eq(workOrders.id, orderId)).get())!;
    expect(order).toMatchObject({
      source: 'feedback',
      sourceId: id,
      phone: '13912345678',
      content: 'Platform stops half way up',
    });
    expect(await detail(id)).toMatchObject({ status: 1, workOrderId: orderId, handleable: false });
    // While it follows its order it cannot be ignored or turned again.
    expect((await t.call(feedbackEndpoints.ignore, { token: await admin(), body: { id } })).status).toBe('409');
    expect((await t.call(feedbackEndpoints.raiseWorkOrder, { token: await admin(), body: { id } })).status).toBe('409');
    await moveOrder(t.dbh, orderId, 'repair', Date.now());
    expect((await detail(id, await customer())).status).toBe(4);
    await moveOrder(t.dbh, orderId, 'pay', Date.now());
    expect((await detail(id)).status).toBe(5);
    await moveOrder(t.dbh, orderId, 'resolve', Date.now());
    const list = await t.call(feedbackEndpoints.list, { token: await customer(), query: { status: 2, pageSize: 200 } });
    expect(list.data.list.map((r: FeedbackRow) => r.id)).toContain(id);
  });

  it('shows the customer its own feedback, the owner its machines’, nobody another company’s', async () => {
    const mine = (await t.call(feedbackEndpoints.list, { token: await customer(), query: { pageSize: 200 } })).data
      .list as FeedbackRow[];
    expect(mine.length).toBeGreaterThan(0);
    const reporterOrgs = await t.dbh.db.select().from(feedback).all();
    const ofCustomer = reporterOrgs.filter((r) => r.reporterOrgId === orgs.customer).map((r) => r.id);
    expect(mine.map((r) => r.id).sort()).toEqual(ofCustomer.sort());
    const tech = (
      await t.call(feedbackEndpoints.list, { token: await t.tokenFor(ROLE.technician), query: { pageSize: 200 } })
    ).data.list as FeedbackRow[];
    expect(tech.length).toBeGreaterThan(0);
    await expectEvery(tech, (r) => !r.handleable);
    const foreign = reporterOrgs.find((r) => r.orgId === orgs.foreign)!;
    expect((await t.call(feedbackEndpoints.detail, { token: await admin(), query: { id: foreign.id } })).status).toBe(
      '404',
    );
    expect((await t.call(feedbackEndpoints.ignore, { token: await admin(), body: { id: foreign.id } })).status).toBe(
      '404',
    );
    const distributor = await t.call(feedbackEndpoints.list, { token: await t.tokenFor(ROLE.distributor) });
    expect(distributor.status).toBe('403');
  });
});

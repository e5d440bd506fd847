import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints as api } from '@console/contract/http/lease-contracts';
import { organisations, users } from '@console/db/schema/accounts';
import { BUSINESSES } from '@console/db/seed/business';
import { addressText } from '@console/contract/formats/address';
import { devices } from '@console/db/schema/devices';
import { contractLines, contracts } from '@console/db/schema/lease';
import { createSession } from '@console/server/src/lib/session';
import { dayInZone } from '@console/server/src/lib/time';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { padded, PDF, PNG, upload } from '../settings/helpers.ts';
import { contractRow, freeStock, lessorIds, renterOf, seededIn, storeOf, timeline, userOf } from './helpers.ts';
import { findInOrder } from '@console/db/in-order';

/** The endpoints of the contract screens (docs/decisions/033): who sees and moves what, validation, links. */
describe('lease contract screens', () => {
  let t: TestApp;
  let huadong: number;
  let other: number;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const staff = () => t.tokenFor(ROLE.lessorStaff);
  const sales = () => t.tokenFor(ROLE.lessorSales);

  const draftBody = async (renter: 'clear' | 'pending' | 'arrears' = 'pending', machines = 1) => ({
    renterId: await renterOf(t, huadong, renter),
    storeId: await storeOf(t, huadong),
    startOn: '2026-12-01',
    endOn: '2026-12-10',
    siteAddress: 'Century Avenue 88',
    lines: (await freeStock(t, huadong, machines)).map((m) => ({
      deviceId: m.id,
      businessModel: 23,
      dayCents: 20_000,
    })),
  });
  const create = async (token: string, renter: 'clear' | 'pending' = 'pending') => {
    const answer = await t.call(api.create, { token, body: await draftBody(renter) });
    expect(answer.status).toBe('200');
    return answer.data.id;
  };
  const move = (token: string, id: number, action: string, extra: Record<string, unknown> = {}) =>
    t.call(api.move, { token, loose: { body: { id, action, ...extra } }, lang: 'en_US' });

  beforeEach(async () => {
    t = await createTestApp();
    huadong = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.lessorAdmin)))
      .get())!.orgId;
    // Another rental company with an administrator of its own (Northwind).
    other = (await findInOrder(
      await lessorIds(t),
      async (id) =>
        id !== huadong &&
        (await t.dbh.db.select().from(users).where(eq(users.orgId, id)).all()).some(
          (u) => u.roleId === ROLE.lessorAdmin,
        ),
    ))!;
  });
  afterEach(() => t.dbh.close());

  it('lists every status with its counts, filters on the server and pages for the CSV export', async () => {
    const all = await t.call(api.list, { token: await admin(), query: { pageSize: 200 } });
    expect(all.status).toBe('200');
    const statuses = new Set(all.data.list.map((c) => c.status));
    for (const s of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(statuses).toContain(s);
    const counts = await t.call(api.counts, { token: await admin(), query: {} });
    expect(counts.data.total).toBe(all.data.total);
    const pending = counts.data.counts.find((c) => c.status === 1)!.count;
    const onlyPending = await t.call(api.list, { token: await admin(), query: { status: 1, pageSize: 200 } });
    expect(onlyPending.data.total).toBe(pending);
    expect(onlyPending.data.list.every((c) => c.status === 1)).toBe(true);
    // Keyword on the number, business model, start-day range.
    const one = all.data.list[0]!;
    const byNumber = await t.call(api.list, { token: await admin(), query: { keyword: one.number } });
    expect(byNumber.data.list.map((c) => c.id)).toEqual([one.id]);
    const daily = await t.call(api.list, { token: await admin(), query: { businessModel: 23, pageSize: 200 } });
    expect(daily.data.list.every((c) => c.businessModels.includes(23))).toBe(true);
    const late = await t.call(api.list, { token: await admin(), query: { startFrom: '2100-01-01' } });
    expect(late.data.total).toBe(0);
    // Store, salesperson and machine serial, as the database has them.
    const stored = await t.dbh.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.lessorOrgId, huadong), eq(contracts.kind, 'contract')))
      .all();
    const someStore = stored[0]!.storeId;
    const byStore = await t.call(api.list, { token: await admin(), query: { storeId: someStore, pageSize: 200 } });
    expect(byStore.data.list.map((c) => c.id).sort()).toEqual(
      stored
        .filter((c) => c.storeId === someStore)
        .map((c) => c.id)
        .sort(),
    );
    expect(byStore.data.total).toBeLessThan(all.data.total);
    const someSeller = stored.find((c) => c.salespersonId !== null)!.salespersonId!;
    const bySeller = await t.call(api.list, {
      token: await admin(),
      query: { salespersonId: someSeller, pageSize: 200 },
    });
    expect(bySeller.data.list.map((c) => c.id).sort()).toEqual(
      stored
        .filter((c) => c.salespersonId === someSeller)
        .map((c) => c.id)
        .sort(),
    );
    const line = (await t.dbh.db
      .select({ contractId: contractLines.contractId, serial: devices.serialNumber })
      .from(contractLines)
      .innerJoin(devices, eq(devices.id, contractLines.deviceId))
      .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
      .where(eq(contracts.lessorOrgId, huadong))
      .get())!;
    // The whole serial or a part of it (the office types what is painted on the machine).
    for (const serial of [line.serial, line.serial.slice(-4).toLowerCase()]) {
      const bySerial = await t.call(api.list, { token: await admin(), query: { serial, pageSize: 200 } });
      expect(bySerial.data.list.map((c) => c.id)).toContain(line.contractId);
    }
    const byWhole = await t.call(api.list, { token: await admin(), query: { serial: line.serial, pageSize: 200 } });
    const holding = (
      await t.dbh.db
        .select({ contractId: contractLines.contractId })
        .from(contractLines)
        .innerJoin(devices, eq(devices.id, contractLines.deviceId))
        .where(eq(devices.serialNumber, line.serial))
        .all()
    ).map((r) => r.contractId);
    expect(byWhole.data.list.every((c) => holding.includes(c.id))).toBe(true);
    const noMachine = await t.call(api.list, { token: await admin(), query: { serial: 'NO-SUCH-SERIAL' } });
    expect(noMachine.data.total).toBe(0);
    // The export reads the list page by page (200 a page) until the total: the pages hold every row once.
    const first = await t.call(api.list, { token: await admin(), query: { pageSize: 5, page: 1 } });
    const second = await t.call(api.list, { token: await admin(), query: { pageSize: 5, page: 2 } });
    const ids = [...first.data.list, ...second.data.list].map((c) => c.id);
    expect(new Set(ids).size).toBe(10);
    // Everything listed is Huadong's.
    const rows = await t.dbh.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.lessorOrgId, huadong), eq(contracts.kind, 'contract')))
      .all();
    expect(all.data.total).toBe(rows.length);
  });

  it('lists each contract with its whole site, written as the site’s country writes an address', async () => {
    const sites = async (token: string) =>
      (await t.call(api.list, { token, query: { pageSize: 200 } })).data.list.map((c) => c.site);
    // Huadong's sites in Chinese order, province first, from the full address its contracts keep.
    const chinese = (
      await t.dbh.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.lessorOrgId, huadong), eq(contracts.kind, 'contract')))
        .all()
    ).find((c) => c.siteProvince !== '' && c.siteAddress !== '')!;
    const whole = addressText({
      province: chinese.siteProvince,
      city: chinese.siteCity,
      district: chinese.siteDistrict,
      address: chinese.siteAddress,
    });
    expect(whole.startsWith(chinese.siteProvince)).toBe(true);
    expect(await sites(await admin())).toContain(whole);
    // Northwind's street first, then the suburb and the state: "380 Church Street, Parramatta NSW".
    const northwind = (await t.dbh.db
      .select()
      .from(organisations)
      .where(eq(organisations.name, BUSINESSES[2]!.lessor))
      .get())!;
    const token = await createSession(
      t.dbh.db,
      (await userOf(t, northwind.id, ROLE.lessorAdmin)).id,
      'console',
      '127.0.0.1',
      t.deps.now() + 3600_000,
    );
    const australian = await sites(token);
    expect(australian.length).toBeGreaterThan(0);
    expect(
      australian.filter((site) => /^\d+ [A-Z][\w ]+, [A-Z][\w ]+ (NSW|VIC|QLD|WA|SA|TAS|ACT|NT)$/.test(site)).length,
    ).toBeGreaterThan(0);
  });

  it('lets the administrator (5) and the administrative staff (10) take every move, each confirmed by status', async () => {
    const id = await create(await admin());
    let detail = await t.call(api.detail, { token: await admin(), query: { id } });
    expect(detail.data.status).toBe(0);
    expect(detail.data.actions).toEqual(['submit', 'cancel']);
    expect(detail.data.editable).toBe(true);
    expect((await move(await staff(), id, 'submit')).data.status).toBe(1);
    detail = await t.call(api.detail, { token: await staff(), query: { id } });
    expect(detail.data.actions).toEqual(['approve', 'reject']);
    const noReason = await move(await staff(), id, 'reject', { reason: ' ' });
    expect(noReason.status).toBe('400');
    expect(noReason.message).toContain('Enter the reason');
    expect((await move(await staff(), id, 'reject', { reason: 'Deposit too low' })).data.status).toBe(4);
    expect((await move(await admin(), id, 'submit')).data.status).toBe(1);
    expect((await move(await admin(), id, 'approve')).data.status).toBe(3);
    const again = await move(await admin(), id, 'approve');
    expect(again.status).toBe('409');
    expect(again.message).toContain((await contractRow(t, id)).number);
    detail = await t.call(api.detail, { token: await admin(), query: { id } });
    expect(detail.data.events.map((e) => e.action)).toEqual(['create', 'submit', 'reject', 'submit', 'approve']);
    expect(detail.data.events[2]!.reason).toBe('Deposit too low');
    expect(detail.data.seals.length).toBeGreaterThan(0);
    expect(await timeline(t, id)).toHaveLength(5);
    // A contract in execution closes on a day, or terminates with a reason and a day.
    const running = await seededIn(t, huadong, 7);
    const early = await move(await admin(), running.id, 'terminate', { day: running.startOn });
    expect(early.status).toBe('400');
    // The day it ends is one that has come: its last day, or today while that is still to come.
    const today = dayInZone(t.deps.now(), 'Asia/Shanghai');
    const day = running.endOn < today ? running.endOn : today;
    expect((await move(await staff(), running.id, 'close', { day })).data.status).toBe(8);
  });

  it('gives a salesperson (6) only their own contracts and only their moves', async () => {
    const salesId = await t.userId(ROLE.lessorSales);
    const list = await t.call(api.list, { token: await sales(), query: { pageSize: 200 } });
    const mine = (
      await t.dbh.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.lessorOrgId, huadong), eq(contracts.kind, 'contract')))
        .all()
    ).filter((c) => c.createdBy === salesId || c.salespersonId === salesId);
    expect(list.data.total).toBe(mine.length);
    const id = await create(await sales());
    expect((await contractRow(t, id)).salespersonId).toBe(salesId);
    expect((await move(await sales(), id, 'submit')).data.status).toBe(1);
    const detail = await t.call(api.detail, { token: await sales(), query: { id } });
    expect(detail.data.actions).toEqual(['withdraw']);
    expect((await move(await sales(), id, 'approve')).status).toBe('403');
    expect((await move(await sales(), id, 'withdraw')).data.status).toBe(2);
    // Another's contract is not found for them.
    const notMine = (
      await t.dbh.db
        .select()
        .from(contracts)
        .where(and(eq(contracts.lessorOrgId, huadong), eq(contracts.kind, 'contract')))
        .all()
    ).find((c) => c.createdBy !== salesId && c.salespersonId !== salesId)!;
    expect((await t.call(api.detail, { token: await sales(), query: { id: notMine.id } })).status).toBe('404');
    expect((await move(await sales(), notMine.id, 'submit')).status).toBe('404');
  });

  it('lets the renter’s users read their contracts from approval on, and nothing else', async () => {
    const customer = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.other)))
      .get())!;
    const token = await t.tokenFor(ROLE.other);
    const body = { ...(await draftBody()), renterId: customer.orgId };
    const created = await t.call(api.create, { token: await admin(), body });
    expect(created.status).toBe('200');
    const id = created.data.id;
    expect((await t.call(api.detail, { token, query: { id } })).status).toBe('404');
    await move(await admin(), id, 'submit');
    if ((await contractRow(t, id)).status === 1) await move(await admin(), id, 'approve');
    const detail = await t.call(api.detail, { token, query: { id } });
    expect(detail.status).toBe('200');
    expect(detail.data.actions).toEqual([]);
    expect(detail.data.canAttach).toBe(false);
    const list = await t.call(api.list, { token, query: { pageSize: 200 } });
    expect(list.data.list.every((c) => c.renterId === customer.orgId && c.status >= 3 && c.status !== 4)).toBe(true);
    expect((await t.call(api.create, { token, body })).status).toBe('403');
  });

  it('answers another lessor "not found" for every contract of Huadong', async () => {
    const foreign = await userOf(t, other, ROLE.lessorAdmin);
    const theirs = await t.dbh.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.lessorOrgId, other), eq(contracts.kind, 'contract')))
      .all();
    const tokenOther = await signedInAs(t, foreign.id);
    const list = await t.call(api.list, { token: tokenOther, query: { pageSize: 200 } });
    expect(list.data.total).toBe(theirs.length);
    const huadongOne = await seededIn(t, huadong, 1);
    expect((await t.call(api.detail, { token: tokenOther, query: { id: huadongOne.id } })).status).toBe('404');
    expect((await move(tokenOther, huadongOne.id, 'approve')).status).toBe('404');
    expect((await contractRow(t, huadongOne.id)).status).toBe(1);
    const link = await t.call(api.exportLink, { token: tokenOther, body: { id: huadongOne.id } });
    expect(link.status).toBe('404');
    // Their form offers only their own renters, stores and machines.
    const options = await t.call(api.options, { token: tokenOther });
    const mine = await t.call(api.options, { token: await admin() });
    expect(options.data.renters.some((r) => mine.data.renters.some((m) => m.id === r.id))).toBe(false);
    expect(options.data.machines.some((r) => mine.data.machines.some((m) => m.id === r.id))).toBe(false);
  });

  it('refuses an invalid contract with the localised message of each field', async () => {
    const answer = await t.call(api.create, {
      token: await admin(),
      lang: 'en_US',
      loose: { body: { ...(await draftBody()), lines: [], endOn: '2026-11-01' } },
    });
    expect(answer.status).toBe('400');
    const messages = answer.data.issues!.map((i) => i.message);
    expect(messages).toContain('lease.linesRequired');
    expect(messages).toContain('lease.endBeforeStart');
    const price = await t.call(api.create, {
      token: await admin(),
      lang: 'zh_CN',
      loose: {
        body: {
          ...(await draftBody()),
          lines: [{ deviceId: (await freeStock(t, huadong, 1))[0]!.id, businessModel: 24 }],
        },
      },
    });
    expect(price.data.issues!.map((i) => i.path)).toContain('lines.0.monthCents');
    // A machine already held by a contract is refused by name.
    const held = await create(await admin(), 'clear');
    await move(await admin(), held, 'submit');
    const heldLine = (await t.call(api.detail, { token: await admin(), query: { id: held } })).data.lines[0]!;
    const taken = await t.call(api.create, {
      token: await admin(),
      lang: 'en_US',
      body: { ...(await draftBody()), lines: [{ deviceId: heldLine.deviceId!, businessModel: 23, dayCents: 100 }] },
    });
    expect(taken.status).not.toBe('200');
    expect(taken.message).toContain(heldLine.serialNumber);
  });

  it('opens the contract through its public link until the link expires', async () => {
    const contract = await seededIn(t, huadong, 7);
    const link = await t.call(api.exportLink, { token: await admin(), body: { id: contract.id } });
    expect(link.status).toBe('200');
    const view = await t.call(api.exportView, { query: { token: link.data.token } });
    expect(view.status).toBe('200');
    expect(view.data.number).toBe(contract.number);
    expect(view.data.lines.length).toBeGreaterThan(0);
    // The detail's download: a link of minutes, then the PDF itself.
    const download = await t.call(api.pdfLink, { token: await admin(), body: { id: contract.id } });
    const pdf = await t.call(api.exportPdf, { query: { token: download.data.token } });
    expect(Buffer.from(pdf.data.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.data.fileName).toBe(`${contract.number}.pdf`);
    const wrong = await t.call(api.exportView, { query: { token: 'x'.repeat(43) }, lang: 'en_US' });
    expect(wrong.status).toBe('404');
    expect(wrong.message).toContain('The link has expired or is not valid');
    t.advance(t.deps.env.CONTRACT_LINK_HOURS * 3600_000 + 1000);
    const expired = await t.call(api.exportView, { query: { token: link.data.token }, lang: 'en_US' });
    expect(expired.status).toBe('404');
    expect((await t.call(api.exportPdf, { query: { token: download.data.token } })).status).toBe('404');
    expect(expired.message).toContain('The link has expired');
  });

  it('attaches one original and pdf attachments uploaded by the uploads area’s rules', async () => {
    const id = (await seededIn(t, huadong, 7)).id;
    const pdf = async () =>
      (await upload(t, await admin(), { bytes: PDF, name: 'c.pdf', type: 'application/pdf' }, 'pdf')).data.url;
    // The uploads area refuses what is not a pdf, or over 5 MB, with the spec's words.
    const png = await upload(t, await admin(), { bytes: PNG, name: 'c.png' }, 'pdf');
    expect(png.message).toContain('please upload pdf file');
    const big = await upload(t, await admin(), { bytes: padded(PDF, 5 * 1024 * 1024 + 1), name: 'b.pdf' }, 'pdf');
    expect(big.status).not.toBe('200');
    const attach = async (kind: 'original' | 'attachment', url: string, token?: string) =>
      t.call(api.attach, {
        token: token ?? (await admin()),
        lang: 'en_US',
        body: { id, kind, url, fileName: `${kind}.pdf` },
      });
    expect((await attach('original', await pdf())).status).toBe('200');
    const second = await attach('original', await pdf());
    expect(second.status).toBe('400');
    expect(second.message).toContain('Only one original contract can be uploaded');
    expect((await attach('attachment', await pdf())).status).toBe('200');
    const detail = await t.call(api.detail, { token: await staff(), query: { id } });
    expect(detail.data.files.map((f) => f.kind)).toEqual(['attachment', 'original']);
    expect(detail.data.canAttach).toBe(true);
    // A reader of the contract who does not write contracts cannot attach.
    expect((await attach('attachment', await pdf(), await t.tokenFor(ROLE.other))).status).toBe('403');
  });

  it('routes the provider callback: a forged or unsigned one changes nothing', async () => {
    const signing = await seededIn(t, huadong, 5);
    const forged = await t.app.request('/api/contract/esignCallback.do', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-esign-app-id': 'console-dev' },
      body: JSON.stringify({ eventId: 'e1', flowId: 'f1', type: 'lesseeSigned' }),
    });
    expect(forged.status).toBe(401);
    expect((await contractRow(t, signing.id)).status).toBe(5);
  });
});

/** A session for any user (the other lessor's administrator has no demo token of its own). */
const signedInAs = (t: TestApp, userId: number) =>
  createSession(t.dbh.db, userId, 'console', '127.0.0.1', t.deps.now() + 3600_000);

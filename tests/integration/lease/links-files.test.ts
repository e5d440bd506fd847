import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints as api } from '@console/contract/http/lease-contracts';
import { DEV_ESIGN_APP_ID, DEV_ESIGN_APP_SECRET } from '@console/contract/lease/esign-protocol';
import { users } from '@console/db/schema/accounts';
import { contracts } from '@console/db/schema/lease';
import { seals } from '@console/db/schema/lease-esign';
import { createEsignClient, type EsignSettings } from '@console/server/src/lease/esign-client';
import { cancelSigning, currentFlow } from '@console/server/src/lease/signing';
import { createSession } from '@console/server/src/lib/session';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { eventually } from '../../fixtures/server-process.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { fetchFile, PDF, upload } from '../settings/helpers.ts';
import {
  contractRow,
  demoUser,
  freeStock,
  lessorIds,
  refusal,
  renterOf,
  seededIn,
  storeOf,
  timeline,
  userOf,
} from './helpers.ts';
import { findInOrder } from '@console/db/in-order';

/** A session for any user (another lessor's administrator has no demo token of its own). */
const signedInAs = (t: TestApp, userId: number) =>
  createSession(t.dbh.db, userId, 'console', '127.0.0.1', t.deps.now() + 3600_000);

const huadongOf = async (t: TestApp) =>
  (await t.dbh.db
    .select()
    .from(users)
    .where(eq(users.id, await t.userId(ROLE.lessorAdmin)))
    .get())!.orgId;

/**
 * A contract's public links die with it and can be revoked; its files are read by exactly its readers (decision
 * 033, addendum).
 */
describe('contract links and files', () => {
  let t: TestApp;
  let huadong: number;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const staff = () => t.tokenFor(ROLE.lessorStaff);
  const move = (token: string, id: number, action: string, extra: Record<string, unknown> = {}) =>
    t.call(api.move, { token, loose: { body: { id, action, ...extra } }, lang: 'en_US' });
  const view = (token: string, lang: 'en_US' | 'zh_CN' = 'en_US') => t.call(api.exportView, { query: { token }, lang });
  const detail = (token: string, id: number) => t.call(api.detail, { token, query: { id } });

  beforeEach(async () => {
    t = await createTestApp();
    huadong = await huadongOf(t);
  });
  afterEach(() => t.dbh.close());

  it("lets the lessor's managers (5, 10) revoke the public links, after which the old tokens open nothing", async () => {
    const c = await seededIn(t, huadong, 7);
    const first = await t.call(api.exportLink, { token: await admin(), body: { id: c.id } });
    const second = await t.call(api.exportLink, { token: await t.tokenFor(ROLE.lessorSales), body: { id: c.id } });
    const salesSees = second.status === '200';
    expect((await view(first.data.token)).status).toBe('200');
    const before = await detail(await admin(), c.id);
    expect(before.data).toMatchObject({ publicLinks: salesSees ? 2 : 1, canRevokeLinks: true });

    // Only a manager of the contract's lessor: not its salesperson, technician or renter, nor another lessor.
    for (const roleId of [ROLE.lessorSales, ROLE.technician, ROLE.other]) {
      const refused = await t.call(api.revokeLinks, { token: await t.tokenFor(roleId), body: { id: c.id } });
      expect(refused.status, `role ${roleId}`).toBe('403');
    }
    const other = (await findInOrder(
      await lessorIds(t),
      async (id) => id !== huadong && (await userOfRole(t, id, ROLE.lessorAdmin)),
    ))!;
    const foreign = await signedInAs(t, (await userOf(t, other, ROLE.lessorAdmin)).id);
    expect((await t.call(api.revokeLinks, { token: foreign, body: { id: c.id } })).status).toBe('404');
    expect((await view(first.data.token)).status).toBe('200');

    const revoked = await t.call(api.revokeLinks, { token: await staff(), body: { id: c.id } });
    expect(revoked.status).toBe('200');
    expect(revoked.data.revoked).toBe(salesSees ? 2 : 1);
    for (const token of [first.data.token, ...(salesSees ? [second.data.token] : [])]) {
      const gone = await view(token);
      expect(gone.status).toBe('404');
      expect(gone.message).toContain('The link has expired or is not valid');
      expect((await t.call(api.exportPdf, { query: { token } })).status).toBe('404');
    }
    expect((await detail(await admin(), c.id)).data.publicLinks).toBe(0);
    // A new link works again while the contract runs; revoking again revokes it too.
    const fresh = await t.call(api.exportLink, { token: await admin(), body: { id: c.id } });
    expect((await view(fresh.data.token)).status).toBe('200');
    expect((await detail(await admin(), c.id)).data.publicLinks).toBe(1);
    expect((await t.call(api.revokeLinks, { token: await admin(), body: { id: c.id } })).data.revoked).toBe(1);
    expect((await view(fresh.data.token)).status).toBe('404');
    // The detail offers the revocation to the managers only.
    expect((await detail(await staff(), c.id)).data.canRevokeLinks).toBe(true);
    const customer = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.other)))
      .get())!;
    const renters = await t.dbh.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.renterOrgId, customer.orgId), eq(contracts.status, 7)))
      .get();
    if (renters) expect((await detail(await t.tokenFor(ROLE.other), renters.id)).data.canRevokeLinks).toBe(false);
  });

  it('lets a manager revoke the links of a contract that has ended', async () => {
    const c = await seededIn(t, huadong, 9);
    const revoked = await t.call(api.revokeLinks, { token: await admin(), body: { id: c.id } });
    expect(revoked.status).toBe('200');
    expect(revoked.data.revoked).toBe(0);
  });

  it("serves a contract's files to exactly the contract's readers, whoever uploaded them", async () => {
    const customer = (await t.dbh.db
      .select()
      .from(users)
      .where(eq(users.id, await t.userId(ROLE.other)))
      .get())!;
    const created = await t.call(api.create, {
      token: await admin(),
      body: {
        renterId: customer.orgId,
        storeId: await storeOf(t, huadong),
        startOn: '2026-12-01',
        endOn: '2026-12-10',
        siteAddress: 'Century Avenue 88',
        lines: (await freeStock(t, huadong, 1)).map((m) => ({ deviceId: m.id, businessModel: 23, dayCents: 20_000 })),
      },
    });
    expect(created.status).toBe('200');
    const id = created.data.id;
    const pdf = async (token: string) =>
      (await upload(t, token, { bytes: PDF, name: 'c.pdf', type: 'application/pdf' }, 'pdf')).data.url as string;
    const attach = async (kind: 'original' | 'attachment', url: string, token?: string) =>
      t.call(api.attach, {
        token: token ?? (await admin()),
        lang: 'en_US',
        body: { id, kind, url, fileName: `${kind}.pdf` },
      });
    const original = await pdf(await admin());
    // Before it is attached an upload is its organisation's, as any other.
    expect((await fetchFile(t, original, await t.tokenFor(ROLE.technician))).status).toBe(200);
    expect((await attach('original', original)).status).toBe('200');
    const attachment = await pdf(await staff());
    expect((await attach('attachment', attachment)).status).toBe('200');

    const readers = async () => {
      const read = async (token: string | undefined) => {
        const answers = await Promise.all([original, attachment].map(async (url) => fetchFile(t, url, token)));
        const codes = new Set(answers.map((a) => a.status));
        expect(codes.size).toBe(1);
        return [...codes][0];
      };
      return {
        admin: await read(await admin()),
        staff: await read(await staff()),
        salesperson: await read(await t.tokenFor(ROLE.lessorSales)),
        technician: await read(await t.tokenFor(ROLE.technician)),
        renter: await read(await t.tokenFor(ROLE.other)),
        operator: await read(await t.tokenFor(ROLE.companyAdmin)),
        anonymous: await read(undefined),
      };
    };
    // A draft: the lessor's managers and the operator read it; its salesperson did not write it, the technician
    // and the renter do not read it.
    expect(await readers()).toEqual({
      admin: 200,
      staff: 200,
      salesperson: 404,
      technician: 404,
      renter: 404,
      operator: 200,
      anonymous: 404,
    });
    // Approved: now the renter's users read the contract, and so its files.
    await move(await admin(), id, 'submit');
    if ((await contractRow(t, id)).status === 1) await move(await admin(), id, 'approve');
    expect((await contractRow(t, id)).status).toBe(3);
    const answer = await fetchFile(t, original, await t.tokenFor(ROLE.other));
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(PDF);
    expect(await readers()).toEqual({
      admin: 200,
      staff: 200,
      salesperson: 404,
      technician: 404,
      renter: 200,
      operator: 200,
      anonymous: 404,
    });
    // One file is one contract's (its readers are that contract's): attaching it again is refused in words.
    const twice = await attach('attachment', attachment);
    expect(twice.status).toBe('400');
    expect(twice.message).toContain('Please upload a pdf file');
    // Uploaded by those who write the contract: not the renter, not a salesperson who does not see it.
    expect((await attach('attachment', await pdf(await admin()), await t.tokenFor(ROLE.other))).status).toBe('403');
    expect(
      (await attach('attachment', await pdf(await t.tokenFor(ROLE.lessorSales)), await t.tokenFor(ROLE.lessorSales)))
        .status,
    ).toBe('404');
  });

  it("refuses the technician (7) the contract's PDF as it refuses the contract", async () => {
    const c = await seededIn(t, huadong, 7);
    const technician = await t.tokenFor(ROLE.technician);
    expect((await detail(technician, c.id)).status).toBe('403');
    expect((await t.call(api.pdfLink, { token: technician, body: { id: c.id } })).status).toBe('403');
    const url = (await upload(t, await admin(), { bytes: PDF, name: 'c.pdf', type: 'application/pdf' }, 'pdf')).data
      .url as string;
    expect(
      (await t.call(api.attach, { token: await admin(), body: { id: c.id, kind: 'attachment', url } })).status,
    ).toBe('200');
    expect((await fetchFile(t, url, technician)).status).toBe(404);
    expect((await fetchFile(t, url, await admin())).status).toBe(200);
  });
});

const userOfRole = (t: TestApp, orgId: number, roleId: number) =>
  t.dbh.db
    .select()
    .from(users)
    .where(and(eq(users.orgId, orgId), eq(users.roleId, roleId)))
    .get();

/** The calendar day `days` from today (UTC; a day back is yesterday or today wherever the lessor is). */
const dayOf = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Contracts taken through signing at the simulated provider over real HTTP, whose callbacks reach the server's
 * own callback route: a contract that ran and ended answers no public document (decision 033, addendum), and a flow
 * the provider lost (it forgets one when told, `/control/flows/{id}/forget`, as a restart forgets them all) is
 * called off (decision 030, addendum).
 */
describe('contracts signed at the simulated provider', () => {
  let f: SigningFixture;
  let t: TestApp;
  let base: string;
  let huadong: number;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);
  const control = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const move = async (id: number, action: string, extra: Record<string, unknown> = {}) =>
    t.call(api.move, { token: await admin(), loose: { body: { id, action, ...extra } }, lang: 'en_US' });
  const view = (token: string, lang: 'en_US' | 'zh_CN' = 'en_US') => t.call(api.exportView, { query: { token }, lang });
  const detail = async (id: number) => t.call(api.detail, { token: await admin(), query: { id } });
  const sealId = async () => (await t.dbh.db.select().from(seals).where(eq(seals.orgId, huadong)).get())!.id;
  /** A fresh contract written, submitted and approved (3), sent for signing: the console's moves. */
  const inSigning = async (startOn = '2027-07-01', endOn = '2027-07-05') => {
    const created = await t.call(api.create, {
      token: await admin(),
      body: {
        renterId: await renterOf(t, huadong, 'clear'),
        storeId: await storeOf(t, huadong),
        startOn,
        endOn,
        siteAddress: '世纪大道100号',
        lines: (await freeStock(t, huadong, 1)).map((m) => ({ deviceId: m.id, businessModel: 23, dayCents: 20_000 })),
      },
    });
    expect(created.status, created.message).toBe('200');
    const id = created.data.id;
    expect((await move(id, 'submit')).status).toBe('200');
    if ((await contractRow(t, id)).status === 1) expect((await move(id, 'approve')).status).toBe('200');
    expect((await contractRow(t, id)).status).toBe(3);
    const started = await move(id, 'startSigning', { sealId: await sealId() });
    expect(started.status, started.message).toBe('200');
    return { id, flowId: (await currentFlow(t.dbh.db, id))!.providerFlowId, signing: started.data.signing! };
  };
  /** A person on a signing page: the form posted as a browser posts it. */
  const signOnPage = (url: string, name: string) =>
    fetch(url, { method: 'POST', body: new URLSearchParams({ name, action: 'sign', reason: '' }) });
  /** A contract both parties signed on the provider's pages: it runs (7). */
  const running = async () => {
    // It started a few days ago: it ends on a day from its start to today.
    const { id, signing } = await inSigning(dayOf(-5), dayOf(30));
    expect((await signOnPage(signing.lesseeUrl, '王建国')).status).toBe(200);
    await eventually('the lessee signature to reach the contract', async () => (await contractRow(t, id)).status === 6);
    expect((await signOnPage(signing.lessorUrl, '李华')).status).toBe(200);
    await eventually('the contract to run', async () => (await contractRow(t, id)).status === 7);
    return contractRow(t, id);
  };

  beforeAll(async () => {
    f = await signingFixture();
    t = f.t;
    base = f.providerUrl;
    huadong = await huadongOf(t);
  });
  afterAll(() => f.close());

  it('answers no public document once the contract is terminated or closed, and makes no new link', async () => {
    const ran: number[] = [];
    for (const [action, word, zh] of [
      ['terminate', 'terminated', '已终止'],
      ['close', 'closed', '已关闭'],
    ] as const) {
      const c = await running();
      ran.push(c.id);
      const link = await t.call(api.exportLink, { token: await admin(), body: { id: c.id } });
      expect(link.status).toBe('200');
      expect((await view(link.data.token)).status).toBe('200');
      const ended = await move(c.id, action, { day: dayOf(-1), reason: 'The site closed early' });
      expect(ended.status, ended.message).toBe('200');
      expect((await contractRow(t, c.id)).status).toBe(action === 'terminate' ? 9 : 8);

      const dead = await view(link.data.token);
      expect(dead.status).toBe('404');
      expect(dead.message).toBe(`The contract has ended (${word}): its public link no longer opens it`);
      expect((await view(link.data.token, 'zh_CN')).message).toBe(`合同已结束（${zh}），公开链接已失效`);
      expect((await t.call(api.exportPdf, { query: { token: link.data.token } })).status).toBe('404');
      const again = await t.call(api.exportLink, { token: await admin(), body: { id: c.id }, lang: 'en_US' });
      expect(again.status).toBe('409');
      expect(again.message).toBe(
        `Contract ${c.number} has ended (${word}): it can no longer be shared by a public link`,
      );
      expect((await detail(c.id)).data).toMatchObject({ publicLinks: 0, canMakeLink: false });
    }
    // Its readers still download the PDF: their own link of minutes, which opens the PDF and nothing else.
    const download = await t.call(api.pdfLink, { token: await admin(), body: { id: ran[0]! } });
    expect(download.status).toBe('200');
    expect((await view(download.data.token)).message).toContain('The link has expired or is not valid');
    const pdf = await t.call(api.exportPdf, { query: { token: download.data.token } });
    expect(pdf.status).toBe('200');
    expect(Buffer.from(pdf.data.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is called off by a manager while the lessee is awaited (5), and signing starts again', async () => {
    const { id, flowId } = await inSigning();
    expect((await contractRow(t, id)).status).toBe(5);
    expect((await control(`/control/flows/${flowId}/forget`, {})).status).toBe(200);
    const flows = (await (await control('/control/flows')).json()) as { flowId: string }[];
    expect(flows.map((f) => f.flowId)).not.toContain(flowId);

    const cancelled = await move(id, 'cancelSigning', { reason: 'The provider lost the flow' });
    expect(cancelled.status, cancelled.message).toBe('200');
    expect((await contractRow(t, id)).status).toBe(3);
    expect((await timeline(t, id)).at(-1)).toMatchObject({
      action: 'cancelSigning',
      actor: 'user',
      reason: 'The provider lost the flow',
      details: { flowId, atProvider: 'unknown' },
    });
    expect((await currentFlow(t.dbh.db, id))!.state).toBe('cancelled');
    const again = await move(id, 'startSigning', { sealId: await sealId() });
    expect(again.status, again.message).toBe('200');
    expect((await contractRow(t, id)).status).toBe(5);
    expect((await currentFlow(t.dbh.db, id))!.providerFlowId).not.toBe(flowId);
  });

  it('is called off while the lessor is awaited (6)', async () => {
    const { id, flowId, signing } = await inSigning();
    expect((await signOnPage(signing.lesseeUrl, '王建国')).status).toBe(200);
    await eventually('the lessee signature to reach the contract', async () => (await contractRow(t, id)).status === 6);
    await control(`/control/flows/${flowId}/forget`, {});
    const cancelled = await move(id, 'cancelSigning', { reason: 'Lost after the lessee signed' });
    expect(cancelled.status, cancelled.message).toBe('200');
    expect((await contractRow(t, id)).status).toBe(3);
    expect((await timeline(t, id)).at(-1)).toMatchObject({
      action: 'cancelSigning',
      details: { atProvider: 'unknown' },
    });
  });

  it('is called off when the flow already ended at the provider without both signatures', async () => {
    const { id, flowId } = await inSigning();
    // The lessee refuses at the provider while its callback waits (a callback lost for good looks the same here).
    await control('/control/steer', { callbackDelayMs: 600_000 });
    try {
      const refuse = await control(`/control/flows/${flowId}/sign`, {
        role: 'lessee',
        action: 'refuse',
        name: '王建国',
      });
      expect(refuse.status).toBe(200);
      const cancelled = await move(id, 'cancelSigning', { reason: 'The renter refused by phone' });
      expect(cancelled.status, cancelled.message).toBe('200');
      expect((await contractRow(t, id)).status).toBe(3);
      expect((await timeline(t, id)).at(-1)).toMatchObject({
        action: 'cancelSigning',
        details: { atProvider: 'refused' },
      });
    } finally {
      await control('/control/steer', { callbackDelayMs: 0 });
    }
  });

  it('answers "try again later" and changes nothing when the provider fails otherwise', async () => {
    const { id, flowId } = await inSigning();
    // Both sign at the provider while its callbacks wait: it will not cancel a signed flow, and that is no loss.
    await control('/control/steer', { callbackDelayMs: 600_000 });
    try {
      for (const role of ['lessee', 'lessor']) {
        const sign = await control(`/control/flows/${flowId}/sign`, { role, name: '王建国' });
        expect(sign.status).toBe(200);
      }
      const refused = await move(id, 'cancelSigning', { reason: 'Too late' });
      expect(refused.status).toBe('409');
      expect(refused.message).toBe('The e-signature service is unavailable; try again later');
      expect((await contractRow(t, id)).status).toBe(5);
      expect((await currentFlow(t.dbh.db, id))!.state).toBe('lesseePending');
    } finally {
      await control('/control/steer', { callbackDelayMs: 0 });
    }
    // A provider that cannot be reached: the same words, in the domain as on the wire.
    const settings: EsignSettings = {
      url: 'http://127.0.0.1:9',
      appId: DEV_ESIGN_APP_ID,
      secret: DEV_ESIGN_APP_SECRET,
      callbackUrl: 'http://127.0.0.1:9/callback',
    };
    const away = { db: t.dbh.db, esign: createEsignClient(settings, t.deps.now), settings, now: () => t.deps.now() };
    const next = await inSigning();
    expect(
      await refusal(async () => cancelSigning(away, await demoUser(t, ROLE.lessorAdmin), next.id, { reason: 'Away' })),
    ).toEqual({ status: '409', key: 'lease.signingUnavailable' });
    expect((await contractRow(t, next.id)).status).toBe(5);
  });
});

describe('cancelling a signing when the provider cannot be reached', () => {
  it('answers the localised "try again later", never a 500', async () => {
    const t = await createTestApp({ ESIGN_URL: 'http://127.0.0.1:9' });
    try {
      const signing = await seededIn(t, await huadongOf(t), 5);
      for (const [lang, words] of [
        ['en_US', 'The e-signature service is unavailable; try again later'],
        ['zh_CN', '电子签服务暂不可用，请稍后再试'],
      ] as const) {
        const answer = await t.call(api.move, {
          token: await t.tokenFor(ROLE.lessorAdmin),
          lang,
          body: { id: signing.id, action: 'cancelSigning', reason: 'Called off' },
        });
        expect(answer.status).toBe('409');
        expect(answer.message).toBe(words);
      }
      expect((await contractRow(t, signing.id)).status).toBe(5);
    } finally {
      t.dbh.close();
    }
  });
});

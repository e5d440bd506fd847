import { CNY } from '@console/contract/codes/money';
import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contractLines } from '@console/db/schema/lease';
import { esignAccounts, seals } from '@console/db/schema/lease-esign';
import { DEV_ESIGN_APP_ID, DEV_ESIGN_APP_SECRET } from '@console/contract/lease/esign-protocol';
import { ROLE } from '@console/contract/codes/roles';
import { applyCallback, CALLBACK_HTTP, verifyCallback } from '@console/server/src/lease/callbacks';
import { createEsignClient, type EsignSettings } from '@console/server/src/lease/esign-client';
import { createDraft } from '@console/server/src/lease/drafts';
import { submit } from '@console/server/src/lease/review';
import { grantSeal } from '@console/server/src/lease/seals';
import { refreshAccount, startSigning, type SigningDeps } from '@console/server/src/lease/signing';
import { eventually, freePort, runTs, type ChildRun } from '../../fixtures/server-process.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import {
  contractRow,
  demoUser,
  lessorIds,
  listedStock,
  refusal,
  renterOf,
  storeOf,
  timeline,
  userOf,
} from './helpers.ts';

const PORTS = { first: 18950, last: 18999 };

/**
 * The simulated provider in its own process, over real HTTP both ways: the domain creates flows with the app's
 * signature, people sign on the provider's pages, and its signed callbacks reach a receiver that does what the
 * server's callback route does (verify, then apply).
 */
describe('the simulated e-signature provider', () => {
  let t: TestApp;
  let provider: ChildRun;
  let receiver: Server;
  let base: string;
  let deps: SigningDeps;
  let huadong: number;
  const control = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  /** A fresh contract approved by the company's rule (3), ready for signing. */
  const approved = async () => {
    const sales = await demoUser(t, ROLE.lessorSales);
    const { id } = await createDraft(
      t.dbh.db,
      sales,
      {
        renterId: await renterOf(t, huadong, 'clear'),
        storeId: await storeOf(t, huadong),
        startOn: '2027-06-01',
        endOn: '2027-06-05',
        siteAddress: '世纪大道88号',
        lines: (await listedStock(t, huadong, 1)).map((m) => ({
          deviceId: m.id,
          businessModel: 23,
          dayCents: m.dayCents,
        })),
      },
      t.deps.now(),
    );
    expect((await submit(t.dbh.db, sales, id, t.deps.now(), CNY)).status).toBe(3);
    return id;
  };
  const sealId = async () => (await t.dbh.db.select().from(seals).where(eq(seals.orgId, huadong)).get())!.id;
  /** A person on a signing page: the form posted as a browser posts it. */
  const signOnPage = (url: string, name: string, action: 'sign' | 'refuse' = 'sign') =>
    fetch(url, { method: 'POST', body: new URLSearchParams({ name, action, reason: '' }) });

  beforeAll(async () => {
    t = await createTestApp();
    [huadong] = (await lessorIds(t)) as [number];
    const port = await freePort(PORTS);
    const callbackPort = await freePort(PORTS, [port]);
    base = `http://127.0.0.1:${port}`;
    provider = runTs('esign/src/main.ts', {
      ESIGN_PORT: String(port),
      ESIGN_HOST: '127.0.0.1',
      ESIGN_PUBLIC_URL: base,
    });
    const settings: EsignSettings = {
      url: base,
      appId: DEV_ESIGN_APP_ID,
      secret: DEV_ESIGN_APP_SECRET,
      callbackUrl: `http://127.0.0.1:${callbackPort}/callback`,
    };
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const verified = verifyCallback(settings, (name) => req.headers[name] as string | undefined, raw, Date.now());
        res.statusCode = verified.ok
          ? CALLBACK_HTTP[await applyCallback(t.dbh.db, verified.body, Date.now())]
          : verified.http;
        res.end('{}');
      });
    });
    await new Promise<void>((done) => receiver.listen(callbackPort, '127.0.0.1', done));
    deps = { db: t.dbh.db, esign: createEsignClient(settings, t.deps.now), settings, now: () => t.deps.now() };
    await eventually('the provider to listen', () =>
      fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    );
  });
  afterAll(async () => {
    await provider?.stop();
    receiver?.close();
    t?.dbh.close();
  });

  it('has the lessee and then the lessor sign on its pages, and the contract runs', async () => {
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const id = await approved();
    const flow = await startSigning(deps, admin, id, { sealId: await sealId() });
    expect((await contractRow(t, id)).status).toBe(5);
    const document = await fetch(flow.lesseeUrl.replace('?', '/document.pdf?'));
    expect(
      Buffer.from(await document.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const early = await signOnPage(flow.lessorUrl, '李华');
    expect(early.status).toBe(409);
    expect(await early.text()).toContain('It is not your turn to sign yet');
    const lessee = await signOnPage(flow.lesseeUrl, '王建国');
    expect(await lessee.text()).toContain('Waiting for the lessor to sign');
    await eventually('the lessee signature to reach the contract', async () => (await contractRow(t, id)).status === 6);
    await signOnPage(flow.lessorUrl, '李华');
    await eventually('the contract to run', async () => (await contractRow(t, id)).status === 7);
    const deviceId = (await t.dbh.db.select().from(contractLines).where(eq(contractLines.contractId, id)).get())!
      .deviceId!;
    const machine = (await t.dbh.db.select().from(devices).where(eq(devices.id, deviceId)).get())!;
    // Signed by both, the contract reserves its machine; it goes on lease when it is delivered.
    expect(machine).toMatchObject({ leaseStatus: 'stock', customerOrgId: null });
    expect((await timeline(t, id)).map((e) => e.action).slice(-3)).toEqual([
      'startSigning',
      'lesseeSigned',
      'lessorSigned',
    ]);
  });

  it('refuses when told to, and the contract waits for a new signing', async () => {
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const id = await approved();
    const flow = await startSigning(deps, admin, id, { sealId: await sealId() });
    await control('/control/steer', { refuseNext: 'lessee' });
    await signOnPage(flow.lesseeUrl, '王建国');
    await eventually('the refusal to reach the contract', async () => (await contractRow(t, id)).status === 3);
    expect((await timeline(t, id)).at(-1)).toMatchObject({ action: 'cancelSigning', actor: 'provider' });
    const again = await startSigning(deps, admin, id, { sealId: await sealId() });
    expect(again.flowId).not.toBe(flow.flowId);
    await control('/control/steer', { failNext: true });
    await signOnPage(again.lesseeUrl, '王建国');
    await eventually('the failure to reach the contract', async () => (await contractRow(t, id)).status === 3);
  });

  it('delivers a late, repeated callback once', async () => {
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const id = await approved();
    const flow = await startSigning(deps, admin, id, { sealId: await sealId() });
    await control('/control/steer', { callbackDelayMs: 300, deliveries: 3 });
    await signOnPage(flow.lesseeUrl, '王建国');
    expect((await contractRow(t, id)).status).toBe(5);
    await eventually('all three deliveries', async () => {
      const sent = (await control('/control/deliveries')) as unknown as { flowId: string; status: number }[];
      return sent.filter((d) => d.flowId === flow.flowId && d.status === 200).length === 3;
    });
    expect((await contractRow(t, id)).status).toBe(6);
    expect((await timeline(t, id)).filter((e) => e.action === 'lesseeSigned')).toHaveLength(1);
    await control('/control/steer', { callbackDelayMs: 0, deliveries: 1 });
  });

  it('answers a request without the app secret with 401, and a server that cannot reach it changes nothing', async () => {
    const forged = await fetch(`${base}/v1/flows`, {
      method: 'POST',
      body: '{}',
      headers: { 'x-esign-app-id': DEV_ESIGN_APP_ID },
    });
    expect(forged.status).toBe(401);
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const id = await approved();
    const away = { ...deps, esign: createEsignClient({ ...deps.settings, url: 'http://127.0.0.1:9' }, t.deps.now) };
    expect(await refusal(async () => startSigning(away, admin, id, { sealId: await sealId() }))).toMatchObject({
      key: 'lease.signingUnavailable',
    });
    expect((await contractRow(t, id)).status).toBe(3);
  });

  it("refreshes an employee's verification from the provider, and grants a seal only to the verified", async () => {
    const admin = await demoUser(t, ROLE.lessorAdmin);
    const technician = await userOf(t, huadong, ROLE.technician);
    await control('/control/accounts', { kind: 'user', ref: String(technician.id), state: 'pending' });
    expect((await refreshAccount(deps, admin, 'user', technician.id)).state).toBe('pending');
    const row = await t.dbh.db
      .select()
      .from(esignAccounts)
      .where(and(eq(esignAccounts.kind, 'user'), eq(esignAccounts.ownerId, technician.id)))
      .get();
    expect(row?.state).toBe('pending');
    expect(
      await refusal(async () => grantSeal(t.dbh.db, admin, await sealId(), technician.id, Date.now())),
    ).toMatchObject({
      reason: 'lease.employeeNotVerified',
    });
    await control('/control/accounts', { kind: 'user', ref: String(technician.id), state: 'verified' });
    await refreshAccount(deps, admin, 'user', technician.id);
    expect(await grantSeal(t.dbh.db, admin, await sealId(), technician.id, Date.now())).toBeGreaterThan(0);
    const outsider = (await t.dbh.db.select().from(users).where(eq(users.roleId, ROLE.companyAdmin)).get())!;
    expect(await refusal(() => refreshAccount(deps, admin, 'user', outsider.id))).toMatchObject({ status: '403' });
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { chargeEndpoints } from '@console/contract/http/charges';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { handoverNoteEndpoints as api } from '@console/contract/http/handover-notes';
import { leaseHandoverEndpoints as handovers } from '@console/contract/http/lease-handover';
import { uploadEndpoints } from '@console/contract/http/uploads';
import { issueLessorBills } from '@console/db/billing/issue';
import { globalDemoAccount } from '@console/db/seed/accounts';
import { devices } from '@console/db/schema/devices';
import { bills } from '@console/db/schema/lease-billing';
import { handoverNotes } from '@console/db/schema/handover-notes';
import { signOnPage, type SigningFixture } from '../../fixtures/lease-signing.ts';
import { eventually } from '../../fixtures/server-process.ts';
import { NOTE_CALLBACK_PATH } from '@console/server/src/handover-notes/signing';
import type { TestApp } from '../../fixtures/test-app.ts';
import { connectMachine, publishReport } from '../ingest/helpers.ts';
import { arrearsRig } from '../lease-billing/arrears-helpers.ts';
import {
  advanceTo,
  leaseTwoMachines,
  returnMachines,
  withoutSeededBilling,
  type Leased,
} from '../lease-billing/helpers.ts';

// The notes pdftotext reads, written to a folder of this file's own.
const dir = mkdtempSync(join(tmpdir(), 'handover-note-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What poppler's pdftotext reads from a PDF, as a person copying its text would. */
function pdfText(base64: string): string {
  const file = join(dir, `n${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number) => {
  const bytes = new Uint8Array(new ArrayBuffer(size));
  bytes.set(PNG_HEAD);
  return bytes;
};

/**
 * Handover notes (docs/decisions/076-handover-notes.md), through the API as the desk uses them: a delivery note
 * reading each machine's last report, its PDF in Chinese and a return note's in English, signing on the provider's
 * pages (its callbacks) or on paper, a return's damage becoming a pending charge billed on the next bill, refusals
 * in the reader's language, and other companies kept out.
 */
describe('handover notes', () => {
  let rig: Awaited<ReturnType<typeof arrearsRig>>;
  let f: SigningFixture;
  let t: TestApp;
  let lease: Leased;
  const admin = () => t.tokenFor(ROLE.lessorAdmin);

  /** A machine reports `data` as of `at` over MQTT, as a unit does; ingest has stored it when this returns. */
  const report = async (deviceId: number, data: TelemetryMessage['data'], at: number) => {
    const serial = (await t.dbh.db.select().from(devices).where(eq(devices.id, deviceId)).get())!.serialNumber;
    const machine = await connectMachine(rig.broker.url, serial);
    try {
      await publishReport(machine, serial, { t: at, seq: 1, signal: 'strong', lock: 'unlocked', data });
      await eventually('the report to be stored', async () => {
        await rig.ingest.flush();
        const row = (await t.dbh.db.select().from(devices).where(eq(devices.id, deviceId)).get())!;
        return row.lastDeviceTime?.getTime() === at;
      });
    } finally {
      await machine.endAsync(true);
    }
  };

  /** What the lease's daily machine, an aerial platform, reports: its hour meter and battery among the rest. */
  const platform = (reading: { workingHours: number; batteryPct: number }): TelemetryMessage['data'] => ({
    kind: 'aerialPlatform',
    platformHeightM: 0,
    loadPct: 0,
    tiltDeg: 0,
    batteryV: 24.6,
    driving: false,
    lifting: false,
    faults: [],
    ...reading,
  });

  const handoverOf = async (kind: 'entry' | 'exit') => {
    const listed = await t.call(handovers.list, {
      token: await admin(),
      query: { kind, contractId: lease.contractId, page: 1, pageSize: 10 },
    });
    expect(listed.status, listed.message).toBe('200');
    return listed.data.list[0]!;
  };

  const upload = async (bytes: Uint8Array<ArrayBuffer>, name: string, kind: 'photo' | 'pdf') => {
    const form = new FormData();
    form.append('file', new File([bytes], name));
    form.append('kind', kind);
    const sent = await t.send(uploadEndpoints.upload, { token: await admin(), body: form });
    expect(sent.envelope!.status, sent.envelope!.message).toBe('200');
    return (sent.envelope!.data as { url: string }).url;
  };

  beforeEach(async () => {
    // The server's embedded broker and ingest beside it: the machines' last reports come the way units send them.
    rig = await arrearsRig();
    f = rig.f;
    t = f.t;
    await withoutSeededBilling(t);
    lease = await leaseTwoMachines(f);
  });
  afterEach(() => rig.close());

  it('writes a delivery note from each machine’s last report, as a Chinese PDF, signed on the provider’s pages', async () => {
    const entry = await handoverOf('entry');
    await report(lease.machines.daily, platform({ workingHours: 1234.5, batteryPct: 64 }), t.deps.now() - 60_000);
    await report(
      lease.machines.calendar,
      {
        kind: 'concretePump',
        pumpStatus: 'standby',
        mode: 'energySaving',
        displacementM3h: 0,
        pressureMpa: 0,
        pumpCurrentA: [0, 0],
        engineHours: 88,
        faults: [],
      },
      t.deps.now() - 120_000,
    );
    const photo = await upload(png(2000), 'front.png', 'photo');
    const made = await t.call(api.create, {
      token: await admin(),
      body: {
        handoverId: entry.id,
        lang: 'zh',
        lessorName: '王师傅',
        renterName: '李工',
        machines: [
          {
            deviceId: lease.machines.daily,
            checklist: [
              { item: '外观', ok: true, remark: '' },
              { item: '轮胎', ok: false, remark: '左前轮磨损' },
            ],
            photos: [photo],
          },
        ],
      },
    });
    expect(made.status, made.message).toBe('200');
    expect(made.data.number).toBe(`${entry.number}-D`);
    // One note per handover.
    const again = await t.call(api.create, {
      token: await admin(),
      lang: 'en_US',
      body: { handoverId: entry.id, lessorName: 'A', renterName: 'B' },
    });
    expect(again.status).toBe('409');
    expect(again.message).toBe('This handover already has its note');

    const detail = await t.call(api.detail, { token: await admin(), query: { id: made.data.id } });
    expect(detail.data).toMatchObject({ kind: 'delivery', state: 'draft', lang: 'zh', canSign: true });
    const byDevice = new Map(detail.data.machines.map((m) => [m.deviceId, m]));
    expect(byDevice.get(lease.machines.daily)).toMatchObject({
      hourMeter: 1234.5,
      // An aerial platform reports no fuel.
      fuelPct: null,
      batteryPct: 64,
      photos: [photo],
    });
    expect(byDevice.get(lease.machines.daily)!.readAt).not.toBe('');
    // A machine the desk sent nothing for gets the language's default checklist.
    // A concrete pump's hour meter is its engine's; it reports neither fuel nor a battery.
    expect(byDevice.get(lease.machines.calendar)).toMatchObject({ hourMeter: 88, fuelPct: null, batteryPct: null });
    expect(byDevice.get(lease.machines.calendar)!.checklist.map((c) => c.item)).toContain('液压系统');

    const pdf = await t.call(api.pdf, { token: await admin(), query: { id: made.data.id } });
    expect(pdf.data.mimeType).toBe('application/pdf');
    const text = pdfText(pdf.data.content);
    expect(text).toContain('设备交付单');
    expect(text).toContain(made.data.number);
    expect(text).toContain('1234.5 h');
    expect(text).toContain('64%');
    expect(text).toContain('左前轮磨损');
    expect(text).toContain('王师傅');

    // The renter's user reads the note of its confirmed delivery, and may not sign it.
    const renter = await t.tokenFor(ROLE.other);
    expect((await t.call(api.detail, { token: renter, query: { id: made.data.id } })).data.canSign).toBe(false);
    expect((await t.call(api.sign, { token: renter, body: { id: made.data.id } })).status).toBe('403');

    const started = await t.call(api.sign, { token: await admin(), body: { id: made.data.id } });
    expect(started.status, started.message).toBe('200');
    const state = async () => (await t.call(api.detail, { token: await admin(), query: { id: made.data.id } })).data;
    expect(await state()).toMatchObject({ state: 'signing', signing: 'esign' });
    await signOnPage(started.data.lesseeUrl, '李工');
    await eventually('the renter’s signature', async () =>
      (await state()).renterSigner === '李工' ? true : undefined,
    );
    await signOnPage(started.data.lessorUrl, '王师傅');
    await eventually('the note signed', async () => ((await state()).state === 'signed' ? true : undefined));
    expect(await state()).toMatchObject({ renterSigner: '李工', lessorSigner: '王师傅', signing: 'esign' });
    // A callback not signed with the app secret changes nothing.
    const forged = await t.app.request(NOTE_CALLBACK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-esign-app-id': 'console-dev' },
      body: JSON.stringify({
        eventId: 'forged-0001',
        flowId: 'x',
        reference: 'handover-note-1',
        type: 'refused',
        at: 1,
      }),
    });
    expect(forged.status).toBe(401);
    expect(await state()).toMatchObject({ state: 'signed' });
    // Signed: it is not sent again.
    expect((await t.call(api.sign, { token: await admin(), body: { id: made.data.id } })).status).toBe('409');
  });

  it('charges a return note’s damage on the next bill once it is signed on paper, in an English PDF', async () => {
    advanceTo(t, lease.on('04-10'));
    await returnMachines(t, lease, ['daily'], lease.on('04-10'));
    const exit = await handoverOf('exit');
    await report(lease.machines.daily, platform({ workingHours: 1502, batteryPct: 20 }), t.deps.now() - 30_000);
    const damagePhoto = await upload(png(3000), 'dent.png', 'photo');

    // Refusals in the reader's language.
    const blank = { handoverId: exit.id, lessorName: '', renterName: 'Li Gong' };
    const english = await t.call(api.create, { token: await admin(), lang: 'en_US', body: blank });
    expect(english.data.field).toBe('lessorName');
    expect(english.message).toContain('lessor’s representative');
    const chinese = await t.call(api.create, { token: await admin(), lang: 'zh_CN', body: blank });
    expect(chinese.message).toContain('出租方经办人');
    const noAmount = await t.call(api.create, {
      token: await admin(),
      lang: 'en_US',
      body: {
        handoverId: exit.id,
        lessorName: 'Wang',
        renterName: 'Li Gong',
        findings: [{ deviceId: lease.machines.daily, description: 'Dent', amountCents: 0 }],
      },
    });
    expect(noAmount.data.field).toBe('findings.0.amountCents');
    expect(noAmount.message).toContain('amount charged for the damage');
    const otherMachine = await t.call(api.create, {
      token: await admin(),
      lang: 'en_US',
      body: {
        handoverId: exit.id,
        lessorName: 'Wang',
        renterName: 'Li Gong',
        findings: [{ deviceId: lease.machines.calendar, description: 'Dent', amountCents: 100 }],
      },
    });
    expect(otherMachine.data.field).toBe('findings.0.deviceId');
    expect(otherMachine.message).toContain('not part of this handover');

    // Another rental company's administrator is told it does not exist.
    const northwind = await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account);
    const foreign = await t.call(api.create, {
      token: northwind,
      body: { handoverId: exit.id, lessorName: 'X', renterName: 'Y' },
    });
    expect(foreign.status).toBe('404');

    const made = await t.call(api.create, {
      token: await admin(),
      body: {
        handoverId: exit.id,
        lang: 'en',
        lessorName: 'Wang Shifu',
        renterName: 'Li Gong',
        findings: [
          {
            deviceId: lease.machines.daily,
            description: 'Cracked bucket tooth',
            amountCents: 80_000,
            photos: [damagePhoto],
          },
        ],
      },
    });
    expect(made.status, made.message).toBe('200');
    expect(made.data.number).toBe(`${exit.number}-R`);
    for (const query of [{ id: made.data.id }]) {
      expect((await t.call(api.detail, { token: northwind, query })).status).toBe('404');
      expect((await t.call(api.pdf, { token: northwind, query })).status).toBe('404');
    }
    expect((await t.call(api.list, { token: northwind, query: { contractId: lease.contractId } })).data.list).toEqual(
      [],
    );

    const detail = await t.call(api.detail, { token: await admin(), query: { id: made.data.id } });
    expect(detail.data.machines).toHaveLength(1);
    expect(detail.data.machines[0]).toMatchObject({ hourMeter: 1502, fuelPct: null, batteryPct: 20 });
    expect(detail.data.findings[0]).toMatchObject({ amountCents: 80_000, chargeId: null, photos: [damagePhoto] });

    const text = pdfText((await t.call(api.pdf, { token: await admin(), query: { id: made.data.id } })).data.content);
    expect(text).toContain('Return Note');
    expect(text).toContain('Cracked bucket tooth');
    expect(text).toContain('1502 h');
    expect(text).toContain('Damage findings');

    // No charge before the note is signed.
    const chargesOf = async () =>
      (await t.call(chargeEndpoints.list, { token: await admin(), query: { contractId: lease.contractId } })).data.list;
    expect(await chargesOf()).toEqual([]);

    // Signed on paper: the scan uploaded.
    const scan = await upload(png(4000), 'signed.png', 'photo');
    const noScan = await t.call(api.paper, {
      token: await admin(),
      lang: 'zh_CN',
      body: { id: made.data.id, scanUrl: '', lessorSigner: 'Wang Shifu', renterSigner: 'Li Gong' },
    });
    expect(noScan.data.field).toBe('scanUrl');
    expect(noScan.message).toContain('请上传签字后的交接单扫描件');
    expect(
      (
        await t.call(api.paper, {
          token: northwind,
          body: { id: made.data.id, scanUrl: scan, lessorSigner: 'X', renterSigner: 'Y' },
        })
      ).status,
    ).toBe('404');
    const paper = await t.call(api.paper, {
      token: await admin(),
      body: { id: made.data.id, scanUrl: scan, lessorSigner: 'Wang Shifu', renterSigner: 'Li Gong' },
    });
    expect(paper.status, paper.message).toBe('200');
    expect(paper.data.chargeIds).toHaveLength(1);
    const signed = await t.call(api.detail, { token: await admin(), query: { id: made.data.id } });
    expect(signed.data).toMatchObject({ state: 'signed', signing: 'paper', scanUrl: scan, canSign: false });
    expect(signed.data.findings[0]!.chargeId).toBe(paper.data.chargeIds[0]);
    // Signing again changes nothing.
    expect(
      (
        await t.call(api.paper, {
          token: await admin(),
          body: { id: made.data.id, scanUrl: scan, lessorSigner: 'Wang Shifu', renterSigner: 'Li Gong' },
        })
      ).status,
    ).toBe('409');

    const [charge] = await chargesOf();
    expect(charge).toMatchObject({
      id: paper.data.chargeIds[0],
      kind: 'damage',
      state: 'pending',
      amountCents: 80_000,
    });

    // The next bill (May's cycle, the other machine still out) carries it, once.
    advanceTo(t, lease.on('05-02'));
    await issueLessorBills(t.dbh.db, lease.lessorId, lease.on('05-01'));
    const [billed] = await chargesOf();
    expect(billed).toMatchObject({ state: 'billed' });
    const contractBills = await t.dbh.db.select().from(bills).where(eq(bills.contractId, lease.contractId)).all();
    const carrying = await Promise.all(
      contractBills.map(
        async (b) =>
          (await t.call(chargeEndpoints.billExtras, { token: await admin(), query: { id: b.id } })).data.charges,
      ),
    );
    expect(carrying.flat().map((c) => [c.id, c.amountCents])).toEqual([[paper.data.chargeIds[0], 80_000]]);
  });

  it('seeds a signed delivery note and a return note awaiting signature in each company’s language', async () => {
    const seeded = await t.dbh.db.select().from(handoverNotes).orderBy(handoverNotes.id).all();
    const read = async (token: string, lang: 'zh' | 'en') => {
      const visible = [];
      for (const n of seeded) {
        const detail = await t.call(api.detail, { token, query: { id: n.id } });
        if (detail.status === '200') visible.push(detail.data);
      }
      expect(visible.map((n) => [n.kind, n.state])).toEqual([
        ['delivery', 'signed'],
        ['return', 'draft'],
      ]);
      expect(visible.every((n) => n.lang === lang)).toBe(true);
      expect(visible[1]!.findings).toHaveLength(1);
      const text = pdfText((await t.call(api.pdf, { token, query: { id: visible[0]!.id } })).data.content);
      expect(text).toContain(lang === 'zh' ? '设备交付单' : 'Delivery Note');
    };
    await read(await admin(), 'zh');
    await read(await t.tokenForAccount(globalDemoAccount(ROLE.lessorAdmin).account), 'en');
  });
});

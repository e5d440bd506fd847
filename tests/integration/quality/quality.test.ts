import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { and, eq, isNull } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { qualityEndpoints as api } from '@console/contract/http/quality';
import { devices } from '@console/db/schema/devices';
import { qualityInspections } from '@console/db/schema/quality';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import type { Ingest } from '@console/server/src/ingest/ingest';
import { orgTimeZone } from '@console/server/src/lib/org-day';
import { formatInZone } from '@console/server/src/lib/time';
import { rowOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { LESSOR_A, LESSOR_B, orgIdOf } from '../devices/helpers.ts';
import {
  connectMachine,
  platformReport,
  publishReport,
  startBroker,
  startTestIngest,
  waitFor,
} from '../ingest/helpers.ts';

// The certificates pdftotext reads, written to a folder of this file's own.
const dir = mkdtempSync(join(tmpdir(), 'quality-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What poppler's pdftotext reads from a PDF (.ci/run installs poppler-utils), as a person copying its text would. */
function pdfText(base64: string): string {
  const file = join(dir, `q${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('quality inspections', () => {
  let t: TestApp;
  let inspector: string;
  beforeEach(async () => {
    t = await createTestApp();
    inspector = await t.tokenFor(ROLE.companyEmployee);
  });
  afterEach(() => t.dbh.close());

  /** An aerial platform of a lessor with no inspection in progress. */
  const freshPlatform = async (lessor: string) => {
    const busy = new Set(
      (
        await t.dbh.db
          .select({ id: qualityInspections.deviceId })
          .from(qualityInspections)
          .where(eq(qualityInspections.state, 'inProgress'))
          .all()
      ).map((r) => r.id),
    );
    return (
      await t.dbh.db
        .select()
        .from(devices)
        .where(
          and(
            eq(devices.orgId, await orgIdOf(t, lessor)),
            eq(devices.kind, 'aerialPlatform'),
            isNull(devices.customerOrgId),
          ),
        )
        .all()
    )
      .filter((d) => !busy.has(d.id))
      .at(-1)!;
  };
  const detail = async (id: number, token = inspector) => {
    const res = await t.call(api.detail, { token, query: { id } });
    expect(res.status, res.message).toBe('200');
    return res.data;
  };
  const start = async (serialNumber: string) => {
    const res = await t.call(api.start, { token: inspector, body: { serialNumber, reason: 'newBuild', remark: '' } });
    expect(res.status, res.message).toBe('200');
    return res.data.id;
  };

  it('judges automatic items from what ingest stored, records manual ones, and passes only when every item passed', async () => {
    const machine = await freshPlatform(LESSOR_A);
    const id = await start(machine.serialNumber);
    const before = await detail(id);
    expect(before.inspection.state).toBe('inProgress');
    // Nothing reported since the inspection started: no automatic item is judged on old values.
    expect(before.items.filter((i) => i.check !== 'manual').every((i) => i.result === null)).toBe(true);
    expect((await t.call(api.complete, { token: inspector, body: { id } })).message).toContain('every item is judged');

    const broker: EmbeddedBroker = await startBroker(t.dbh);
    const { ingest }: { ingest: Ingest } = await startTestIngest(t.dbh, { url: broker.url });
    await ingest.ready;
    const client: MqttClient = await connectMachine(broker.url, machine.serialNumber);
    try {
      const report = async (data: Parameters<typeof platformReport>[1]) => {
        const clock = Date.now();
        await publishReport(client, machine.serialNumber, platformReport(clock, data));
        await waitFor('the report to be stored', async () => {
          ingest.flush();
          return (
            (await t.dbh.db
              .select()
              .from(devices)
              .where(eq(devices.id, machine.id))
              .get())!.lastDeviceTime?.getTime() === clock
          );
        });
      };
      // A tilted chassis fails the tilt item; the rest of the unit's items pass.
      await report({ tiltDeg: 6, batteryV: 24.6 });
      expect((await t.call(api.evaluate, { token: inspector, body: { id } })).status).toBe('200');
      const judged = await detail(id);
      const byTitle = new Map(judged.items.map((i) => [i.check === 'reading' ? i.reading : i.check, i]));
      expect(byTitle.get('tiltDeg')).toMatchObject({ result: 'fail', value: '6' });
      expect(byTitle.get('batteryV')).toMatchObject({ result: 'pass', value: '24.6' });
      for (const check of ['reporting', 'positionFixed', 'noFaults', 'unlocked']) {
        expect(byTitle.get(check)?.result, check).toBe('pass');
      }
      // Levelled: judged again from the new report.
      await report({ tiltDeg: 1.2, batteryV: 24.6 });
      await t.call(api.evaluate, { token: inspector, body: { id } });
      expect((await detail(id)).items.find((i) => i.reading === 'tiltDeg')?.result).toBe('pass');
    } finally {
      await client.endAsync(true);
      await ingest.stop();
      await broker.close();
    }

    // Manual items: a failure needs its reason; an automatic item cannot be recorded by hand.
    const items = (await detail(id)).items;
    const manual = items.filter((i) => i.check === 'manual');
    const noReason = await t.call(api.record, {
      token: inspector,
      body: { id, itemId: manual[0]!.id, result: 'fail', note: '' },
    });
    expect(noReason.data.field).toBe('note');
    const automatic = items.find((i) => i.check === 'reporting')!;
    const byHand = await t.call(api.record, {
      token: inspector,
      body: { id, itemId: automatic.id, result: 'pass', note: '' },
    });
    expect(byHand.message).toContain('judged from the machine');
    for (const item of manual) {
      const res = await t.call(api.record, {
        token: inspector,
        body: { id, itemId: item.id, result: 'pass', note: '' },
      });
      expect(res.status, res.message).toBe('200');
    }
    // The reporting item was judged within 60 s of the report, and is judged again on completion.
    const done = await t.call(api.complete, { token: inspector, body: { id } });
    expect(done.status, done.message).toBe('200');
    expect(done.data.state).toBe('passed');
    // Who completed it, and when, is recorded.
    expect(
      await rowOf(
        t.dbh.db,
        'SELECT finished_by AS "by", finished_at AS "at" FROM quality_inspections WHERE id = ?',
        id,
      ),
    ).toEqual({ by: await t.userId(ROLE.companyEmployee), at: expect.any(Number) });
    // ... and shown: the same employee started and completed it.
    const finished = (await detail(id)).inspection;
    expect(finished.finishedByName).not.toBe('');
    expect(finished.finishedByName).toBe(finished.inspectorName);
    const history = await t.call(api.list, {
      token: inspector,
      query: { stage: 'finished', keyword: machine.serialNumber },
    });
    expect(history.data.list.map((r) => r.id)).toContain(id);
    const certificate = await t.call(api.certificate, { token: inspector, query: { id } });
    expect(certificate.status, certificate.message).toBe('200');
    expect(Buffer.from(certificate.data.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The owner's office reads its machine's certificate too.
    const owner = await t.call(api.certificate, { token: await t.tokenFor(ROLE.lessorAdmin), query: { id } });
    expect(owner.status, owner.message).toBe('200');
    // Read from Los Angeles, the certificate keeps the owning company's clock (Shanghai), its zone named.
    const zone = await orgTimeZone(t.dbh.db, machine.orgId);
    const readAt = t.deps.now();
    const abroad = await t.call(api.certificate, {
      token: inspector,
      query: { id },
      headers: { timeZone: 'America/Los_Angeles' },
    });
    expect(abroad.status, abroad.message).toBe('200');
    const text = pdfText(abroad.data.content);
    const finishedAt = (await t.dbh.db.select().from(qualityInspections).where(eq(qualityInspections.id, id)).get())!
      .finishedAt!;
    expect(text).toContain(`Inspected: ${formatInZone(finishedAt, zone).slice(0, 10)}`);
    const issued = /Issued: (\d{4}-\d{2}-\d{2} \d{2}:\d{2}) GMT\+8/.exec(text)?.[1];
    // Issued when the call was served: the company's minute then, or the next one if the clock turned meanwhile.
    expect([readAt, t.deps.now()].map((at) => formatInZone(at, zone).slice(0, 16))).toContain(issued);
  });

  it('fails an inspection with a failed item, sends the machine to rework and retests it as a new inspection', async () => {
    const machine = await freshPlatform(LESSOR_A);
    const id = await start(machine.serialNumber);
    // The machine reported nothing since the start: its automatic items wait, and complete is refused.
    const items = (await detail(id)).items;
    for (const item of items.filter((i) => i.check === 'manual')) {
      await t.call(api.record, {
        token: inspector,
        body: { id, itemId: item.id, result: 'fail', note: 'Lowering valve sticks' },
      });
    }
    expect((await t.call(api.complete, { token: inspector, body: { id } })).status).not.toBe('200');
    // Only a failed inspection is retested.
    expect((await t.call(api.retest, { token: inspector, body: { id, remark: '' } })).message).toContain('moved on');
    // A second inspection of the same machine is refused while one runs.
    const twice = await t.call(api.start, {
      token: inspector,
      body: { serialNumber: machine.serialNumber, reason: 'newBuild', remark: '' },
    });
    expect(twice.data.field).toBe('serialNumber');

    // A failed inspection (the seed's, in rework) has no certificate and is retested as a new inspection.
    const failed = await t.call(api.list, { token: inspector, query: { state: 'failed', pageSize: 50 } });
    const seeded = failed.data.list[0]!;
    expect(seeded.failedItems).toBeGreaterThan(0);
    expect((await t.call(api.certificate, { token: inspector, query: { id: seeded.id } })).message).toContain(
      'Only a machine that passed',
    );
    const retest = await t.call(api.retest, { token: inspector, body: { id: seeded.id, remark: 'Valve replaced' } });
    expect(retest.status, retest.message).toBe('200');
    expect(
      await rowOf(t.dbh.db, 'SELECT retested_by AS "by" FROM quality_inspections WHERE id = ?', seeded.id),
    ).toEqual({ by: await t.userId(ROLE.companyEmployee) });
    const sent = (await detail(seeded.id)).inspection;
    expect(sent.retestedByName).toBe((await detail(retest.data.id)).inspection.inspectorName);
    expect(sent.retestedByName).not.toBe('');
    expect(sent.retestedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const again = await detail(retest.data.id);
    expect(again.inspection).toMatchObject({
      state: 'inProgress',
      reason: 'retest',
      previousId: seeded.id,
      firstPass: false,
    });
    expect(again.items.every((i) => i.result === null || i.check !== 'manual')).toBe(true);
    expect((await detail(seeded.id)).inspection.state).toBe('retested');
    expect((await detail(seeded.id)).retestId).toBe(retest.data.id);
    // Retested once: it cannot be retested again.
    expect((await t.call(api.retest, { token: inspector, body: { id: seeded.id, remark: '' } })).status).not.toBe(
      '200',
    );

    const cancel = await t.call(api.cancel, { token: inspector, body: { id, remark: 'Wrong machine' } });
    expect(cancel.status, cancel.message).toBe('200');
    expect((await detail(id)).inspection.state).toBe('cancelled');
  });

  it('keeps plans to the administrator, validated, and used by the next inspection', async () => {
    const plan = [
      { title: 'Reports within 60 s', check: 'reporting', reading: null, min: null, max: null },
      { title: 'Battery voltage', check: 'reading', reading: 'batteryV', min: 23, max: null },
      { title: 'Guard rails', check: 'manual', reading: null, min: null, max: null },
    ];
    const employee = await t.call(api.savePlan, {
      token: inspector,
      loose: { body: { kind: 'aerialPlatform', items: plan } },
    });
    expect(employee.status).toBe('403');
    const admin = await t.tokenFor(ROLE.companyAdmin);
    const refusals = [
      [[{ ...plan[1], reading: null }], 'Select the reading to check'],
      [[{ ...plan[1], min: null }], 'Enter a lower or an upper limit'],
      [[{ ...plan[1], min: 30, max: 20 }], 'The upper limit is not below the lower limit'],
      [[{ ...plan[1], reading: 'pressureMpa' }], 'A reading checked is one this machine kind reports'],
      [[], 'A test plan has at least one item'],
    ] as const;
    for (const [items, message] of refusals) {
      const res = await t.call(api.savePlan, { token: admin, loose: { body: { kind: 'aerialPlatform', items } } });
      expect(res.status).not.toBe('200');
      expect(res.message).toContain(message);
    }
    const saved = await t.call(api.savePlan, { token: admin, body: { kind: 'aerialPlatform', items: plan as never } });
    expect(saved.status, saved.message).toBe('200');
    const plans = await t.call(api.plans, { token: admin });
    expect(plans.data.list.find((p) => p.kind === 'aerialPlatform')?.items.map((i) => i.title)).toEqual(
      plan.map((p) => p.title),
    );
    const id = await start((await freshPlatform(LESSOR_B)).serialNumber);
    expect((await detail(id)).items.map((i) => i.title)).toEqual(plan.map((p) => p.title));
  });

  it('shows the overview of yields, and keeps inspections to the platform and each machine’s owner', async () => {
    const view = await t.call(api.overview, { token: inspector });
    expect(view.status, view.message).toBe('200');
    const { totals } = view.data;
    expect(totals.finished).toBeGreaterThan(totals.passed);
    expect(totals.firstFinished).toBeGreaterThan(totals.firstPassed);
    expect(totals.inProgress).toBeGreaterThan(0);
    expect(view.data.months.length).toBeGreaterThan(3);
    expect(view.data.topFailing[0]?.failures).toBeGreaterThan(0);

    for (const role of [ROLE.lessorAdmin, ROLE.finance, ROLE.technician, ROLE.other]) {
      const res = await t.call(api.start, {
        token: await t.tokenFor(role),
        body: { serialNumber: (await freshPlatform(LESSOR_A)).serialNumber, reason: 'newBuild', remark: '' },
      });
      expect(res.status, `role ${role}`).toBe('403');
    }
    // A rental company reads its own machines' finished inspections only.
    const lessor = await t.call(api.list, { token: await t.tokenFor(ROLE.lessorAdmin), query: { pageSize: 200 } });
    expect(lessor.data.total).toBeGreaterThan(0);
    const owned = new Set(
      (
        await t.dbh.db
          .select({ id: devices.id })
          .from(devices)
          .where(eq(devices.orgId, await orgIdOf(t, LESSOR_A)))
          .all()
      ).map((d) => d.id),
    );
    for (const row of lessor.data.list) {
      expect(owned.has(row.deviceId), row.number).toBe(true);
      expect(['passed', 'failed', 'retested']).toContain(row.state);
    }
    const open = (await t.call(api.list, { token: inspector, query: { stage: 'open', pageSize: 200 } })).data.list;
    const mine = open.find((r) => owned.has(r.deviceId))!;
    expect(
      (await t.call(api.detail, { token: await t.tokenFor(ROLE.lessorAdmin), query: { id: mine.id } })).status,
    ).toBe('404');
  });
});

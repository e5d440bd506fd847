import { and, eq, inArray, sql } from 'drizzle-orm';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import type { Db } from '../client.ts';
import { organisations } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { contractLines, contracts } from '../schema/lease.ts';
import { leaseHandoverMachines, leaseHandovers, type HandoverKind } from '../schema/lease-handover.ts';
import { leasePeriods } from '../schema/lease-periods.ts';
import { workOrderEvents, workOrders } from '../schema/work-orders.ts';
import { GLOBAL_BUSINESS, GLOBAL_DEMO_AREA_CODE } from './accounts.ts';
import { BUSINESSES, say } from './business.ts';
import { filterInOrder, mapInOrder } from '../in-order.ts';
import { nextWorkOrderNumber } from '../doc-numbers.ts';

/**
 * Entries, exits and lease periods consistent with the seeded contracts (docs/decisions/035-lease-handover.md):
 * every machine on a contract in execution came with a confirmed entry on the contract's first day and has an open
 * period; the machines of closed and terminated contracts came and went back (ended periods), one of them damaged
 * with its work order; per lessor one running contract ends within 7 days and one is past its end with machines
 * still out (an overdue return), and two machines went back early, one of them in a draft entry to go out again. No
 * faker: picks by id and fixed texts in the business's language, so nothing seeded before shifts.
 */
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const atNoon = (d: string) => new Date(Date.parse(`${d}T02:00:00Z`));

type Contract = typeof contracts.$inferSelect;
type Lang = 'zh' | 'en';

export async function seedLeaseHandovers(db: Db, now: number): Promise<void> {
  const all = await db.select().from(contracts).orderBy(contracts.id).all();
  const lessors = [...new Set(all.map((c) => c.lessorOrgId))];
  for (const lessorId of lessors) {
    const numbers = new Map<string, number>();
    const mine = all.filter((c) => c.lessorOrgId === lessorId);
    // Closed and terminated contracts: their machines came on the first day and went back on the last, before the
    // running contracts some of them are on now.
    let damaged = false;
    for (const c of mine.filter((x) => x.status === 8 || x.status === 9)) {
      const lines = await machineLines(db, c.id);
      if (lines.length === 0 || !c.endedOn) continue;
      const entry = await write(db, c, 'entry', c.startOn, lines, numbers, now);
      await openPeriods(db, c, lines, entry);
      const damage = damaged ? null : lines[0]!.deviceId;
      damaged = true;
      const exit = await write(db, c, 'exit', c.endedOn, lines, numbers, now, 'confirmed', damage);
      await closePeriods(db, lines, exit, c.endedOn);
      if (damage !== null) await raiseDamageOrder(db, c, exit, damage);
    }
    const running = mine.filter((c) => c.status === 7);
    // One lease due to end within a week, one past its end with its machines still out.
    if (running[0]) await moveEnd(db, running[0], day(now + 5 * DAY));
    if (running[1]) await moveEnd(db, running[1], day(now - 3 * DAY));
    // Two contracts whose last two machines went back early (the delivery flows of the console start from them).
    const early = (await filterInOrder(running, async (c, i) => i >= 2 && (await machineLines(db, c.id)).length >= 2))
      .slice(0, 2)
      .map((c) => c.id);
    for (const c of await mapInOrder(
      running,
      async (r) => (await db.select().from(contracts).where(eq(contracts.id, r.id)).get())!,
    )) {
      const lines = await machineLines(db, c.id);
      if (lines.length === 0) continue;
      const entry = await write(db, c, 'entry', c.startOn, lines, numbers, now);
      await openPeriods(db, c, lines, entry);
      if (!early.includes(c.id)) continue;
      // Its last two machines went back early for a service; one waits in a draft entry to go out again.
      const back = lines.slice(-2);
      const backOn = day(now - 10 * DAY);
      const exit = await write(db, c, 'exit', backOn, back, numbers, now);
      await closePeriods(db, back, exit, backOn);
      for (const line of back) {
        await db
          .update(devices)
          .set({ leaseStatus: 'stock', customerOrgId: null })
          .where(eq(devices.id, line.deviceId))
          .run();
      }
      if (c.id === early[0]) await write(db, c, 'entry', day(now), back.slice(-1), numbers, now, 'draft');
    }
  }
}

/** The contract's lines that name a machine (a model line gets its machines at a delivery the seed does not make). */
const machineLines = (db: Db, contractId: number) =>
  db
    .select({ lineId: contractLines.id, deviceId: sql<number>`${contractLines.deviceId}` })
    .from(contractLines)
    .where(and(eq(contractLines.contractId, contractId), sql`${contractLines.deviceId} is not null`))
    .orderBy(contractLines.id)
    .all();

/** Move a running contract's end (an extension or a shortening agreed with the renter), repricing its lines. */
async function moveEnd(db: Db, c: Contract, endOn: string) {
  if (endOn <= c.startOn) return;
  const lines = await db.select().from(contractLines).where(eq(contractLines.contractId, c.id)).all();
  let total = 0;
  for (const l of lines) {
    const amountCents = lineAmountCents(
      l.businessModel,
      { dayCents: l.dayCents, monthCents: l.monthCents },
      c.startOn,
      endOn,
      l.count,
    );
    total += amountCents;
    await db.update(contractLines).set({ amountCents }).where(eq(contractLines.id, l.id)).run();
  }
  await db.update(contracts).set({ endOn, totalCents: total }).where(eq(contracts.id, c.id)).run();
}

const PEOPLE = {
  delivered: { zh: '门店配送 张师傅', en: 'Depot driver Tom Harris' },
  remark: {
    entry: { zh: '设备外观完好，已完成操作培训', en: 'Machines in good order; operators trained on site' },
    exit: { zh: '退场验收完成', en: 'Return inspected' },
  },
  damage: {
    zh: '平台护栏变形，左前轮胎磨损严重，需检修后再出租',
    en: 'Platform guard rail bent and the front left tyre badly worn; repair before the next lease',
  },
};

interface Written {
  id: number;
  rows: Map<number, number>;
}

/** An entry or exit of the contract with the inspection of each machine, confirmed by the renter unless a draft. */
async function write(
  db: Db,
  c: Contract,
  kind: HandoverKind,
  on: string,
  lines: { lineId: number; deviceId: number }[],
  numbers: Map<string, number>,
  now: number,
  state: 'draft' | 'confirmed' = 'confirmed',
  damagedDevice: number | null = null,
): Promise<Written> {
  const lang: Lang = c.lang;
  const prefix = `${kind === 'entry' ? 'JC' : 'TC'}-${on.replaceAll('-', '')}-`;
  const seq = (numbers.get(prefix) ?? 0) + 1;
  numbers.set(prefix, seq);
  const renter = (await db.select().from(organisations).where(eq(organisations.id, c.renterOrgId)).get())!;
  const by = c.salespersonId ?? c.createdBy;
  const at = Math.min(atNoon(on).getTime(), now);
  const created = await db
    .insert(leaseHandovers)
    .values({
      number: `${prefix}${String(seq).padStart(4, '0')}`,
      kind,
      orgId: c.lessorOrgId,
      contractId: c.id,
      renterOrgId: c.renterOrgId,
      state,
      day: on,
      siteProvince: c.siteProvince,
      siteCity: c.siteCity,
      siteDistrict: c.siteDistrict,
      siteAddress: c.siteAddress,
      deliveredBy: say(lang, PEOPLE.delivered),
      receivedBy: renter.contactName,
      remark: state === 'confirmed' ? say(lang, PEOPLE.remark[kind]) : '',
      createdBy: by,
      confirmedBy: state === 'confirmed' ? by : null,
      confirmedAt: state === 'confirmed' ? new Date(at) : null,
      createdAt: new Date(at),
    })
    .returning({ id: leaseHandovers.id })
    .get();
  const machines = await db
    .select()
    .from(devices)
    .where(
      inArray(
        devices.id,
        lines.map((l) => l.deviceId),
      ),
    )
    .all();
  const rows = new Map<number, number>();
  const written = await db
    .insert(leaseHandoverMachines)
    .values(
      lines.map((line) => {
        const m = machines.find((d) => d.id === line.deviceId)!;
        // The hour meter as it read that day: today's reading less about five hours a day since, fewer for a meter
        // that has not run that much since its unit was fitted (a reading a year back is not worn down to zero).
        const daysAgo = Math.max(0, Math.round((now - atNoon(on).getTime()) / DAY));
        const fitted = m.installedAt ? Math.max(1, Math.round((now - atNoon(m.installedAt).getTime()) / DAY)) : 0;
        const perDay = fitted > 0 ? Math.min(5, (m.workingHours * 0.9) / fitted) : 5;
        const latest = (m.latest ?? {}) as Record<string, unknown>;
        const battery = typeof latest.batteryPct === 'number' ? latest.batteryPct : null;
        return {
          handoverId: created.id,
          lineId: line.lineId,
          deviceId: m.id,
          hourMeter: Math.max(0, Math.round((m.workingHours - daysAgo * perDay) * 10) / 10),
          batteryPct: battery,
          readAt: new Date(at),
          damage: m.id === damagedDevice ? say(lang, PEOPLE.damage) : '',
        };
      }),
    )
    .returning({ id: leaseHandoverMachines.id, deviceId: leaseHandoverMachines.deviceId })
    .all();
  for (const row of written) rows.set(row.deviceId, row.id);
  return { id: created.id, rows };
}

/** Open each machine's period from the entry, and name it on the entry's row of the machine. */
async function openPeriods(db: Db, c: Contract, lines: { lineId: number; deviceId: number }[], entry: Written) {
  const periods = await db
    .insert(leasePeriods)
    .values(
      lines.map((line) => ({
        lessorOrgId: c.lessorOrgId,
        contractId: c.id,
        lineId: line.lineId,
        deviceId: line.deviceId,
        renterOrgId: c.renterOrgId,
        entryId: entry.id,
        startOn: c.startOn,
        plannedEndOn: c.endOn,
        createdAt: atNoon(c.startOn),
      })),
    )
    .returning({ id: leasePeriods.id, deviceId: leasePeriods.deviceId })
    .all();
  for (const period of periods)
    await db
      .update(leaseHandoverMachines)
      .set({ periodId: period.id })
      .where(eq(leaseHandoverMachines.id, entry.rows.get(period.deviceId)!))
      .run();
}

/** End each machine's open period on the exit's day, and name it on the exit's row of the machine. */
async function closePeriods(db: Db, lines: { deviceId: number }[], exit: Written, on: string) {
  const periods = await db
    .update(leasePeriods)
    .set({ endOn: on, exitId: exit.id })
    .where(
      and(
        inArray(
          leasePeriods.deviceId,
          lines.map((l) => l.deviceId),
        ),
        sql`${leasePeriods.endOn} is null`,
      ),
    )
    .returning({ id: leasePeriods.id, deviceId: leasePeriods.deviceId })
    .all();
  for (const period of periods)
    await db
      .update(leaseHandoverMachines)
      .set({ periodId: period.id })
      .where(eq(leaseHandoverMachines.id, exit.rows.get(period.deviceId)!))
      .run();
}

/** The maintenance order the damaged return raised, still pending, pointing back at the exit's machine. */
async function raiseDamageOrder(db: Db, c: Contract, exit: Written, deviceId: number) {
  const m = (await db.select().from(devices).where(eq(devices.id, deviceId)).get())!;
  const h = (await db.select().from(leaseHandovers).where(eq(leaseHandovers.id, exit.id)).get())!;
  const number = await nextWorkOrderNumber(db, h.day.replaceAll('-', ''));
  const owner = (await db.select().from(organisations).where(eq(organisations.id, c.lessorOrgId)).get())!;
  const renter = (await db.select().from(organisations).where(eq(organisations.id, c.renterOrgId)).get())!;
  const at = h.confirmedAt ?? atNoon(h.day);
  const machineRow = exit.rows.get(deviceId)!;
  const order = await db
    .insert(workOrders)
    .values({
      number,
      title: `${h.number} ${m.serialNumber}`,
      type: 1,
      level: 3,
      status: 1,
      deviceId,
      deviceKind: m.kind,
      orgId: m.orgId,
      source: 'leaseExit',
      sourceId: machineRow,
      province: h.siteProvince,
      city: h.siteCity,
      district: h.siteDistrict,
      address: h.siteAddress,
      phone: renter.contactPhone || owner.contactPhone || '13800000000',
      // The contacts are of the rental company's country: Australian numbers for the global brand's business.
      ...(owner.name === BUSINESSES[GLOBAL_BUSINESS]!.lessor ? { areaCode: GLOBAL_DEMO_AREA_CODE } : {}),
      content: say(c.lang, PEOPLE.damage),
      createdBy: h.createdBy,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: workOrders.id })
    .get();
  await db
    .insert(workOrderEvents)
    .values({
      workOrderId: order.id,
      action: 'create',
      userId: h.createdBy,
      fromStatus: null,
      toStatus: 1,
      details: { source: 'leaseExit', sourceId: machineRow },
      at,
    })
    .run();
  await db
    .update(leaseHandoverMachines)
    .set({ workOrderId: order.id })
    .where(eq(leaseHandoverMachines.id, machineRow))
    .run();
}

import { and, eq, inArray, isNull, like, max, sql } from 'drizzle-orm';
import { organisations } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { contractLines, contracts } from '@console/db/schema/lease';
import { leaseHandoverMachines, leaseHandovers, type HandoverKind } from '@console/db/schema/lease-handover';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { uniqueViolation } from '@console/db/unique-violation';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { isRegionPair } from '@console/contract/codes/region-list';
import { API_STATUS } from '@console/contract/http/envelope';
import type { handoverInput } from '@console/contract/http/lease-handover';
import type { z } from 'zod';
import type { Db } from '@console/db/client';
import type { ScopedData, ScopedWrite } from '../lib/data.ts';
import { ApiError, invalidField, notFound } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';
import { orgNumberDay } from '../lib/org-day.ts';
import { issueLessorBills } from '@console/db/billing/issue';
import { billingToday } from '../billing/zone.ts';
import { createWorkOrder } from '../work-orders/create.ts';
import { lineInForce } from './change-lines.ts';
import { checkHandoverDay, checkReturnDay } from './handover-days.ts';
import { endOnReturn, periodsOnReturn } from './return-periods.ts';
import { claimedElsewhere } from './machines-held.ts';
import { canSeeContract, writesContracts, type ContractRow } from './access.ts';
import { mapInOrder } from '@console/db/in-order';

import { checkDelivery, consumeOnDelivery } from '../quotes/holds.ts';
/**
 * Entries and exits of machines under a contract in execution (docs/decisions/035-lease-handover.md). A draft
 * records the machines and their inspection; its confirmation (the renter's) moves the machines: an entry puts
 * them on lease to the renter and opens their lease periods, an exit returns them to stock, closes the periods and
 * raises a work order for each machine whose inspection found damage. All of a confirmation is one unit of work.
 */
type Input = z.output<typeof handoverInput>;
type Handover = typeof leaseHandovers.$inferSelect;
type Line = typeof contractLines.$inferSelect;
type Device = typeof devices.$inferSelect;

/** Numbers are counted per lessor and its day: JC-20261125-0002 (entry), TC-20261125-0001 (exit). */
const PREFIX: Record<HandoverKind, string> = { entry: 'JC', exit: 'TC' };

export async function nextHandoverNumber(db: Db, orgId: number, kind: HandoverKind, now: number): Promise<string> {
  const prefix = `${PREFIX[kind]}-${await orgNumberDay(db, orgId, now)}-`;
  const last = (
    await db
      .select({ number: sql<string | null>`max(${leaseHandovers.number})` })
      .from(leaseHandovers)
      .where(and(eq(leaseHandovers.orgId, orgId), like(leaseHandovers.number, `${prefix}%`)))
      .get()
  )?.number;
  return `${prefix}${String(last ? Number(last.slice(prefix.length)) + 1 : 1).padStart(4, '0')}`;
}

/**
 * The contract, when the user writes entries and exits for it: a manager of its lessor, or its own salesperson
 * (the contracts' rule, server/src/lease/access.ts); others are told it does not exist or they may not.
 */
export async function writableContract(data: ScopedData, user: SessionUser, id: number): Promise<ContractRow> {
  const c = await data.unscoped('domainRule').select().from(contracts).where(eq(contracts.id, id)).get();
  if (!c || c.kind !== 'contract' || !canSeeContract(user, c)) throw notFound();
  if (!writesContracts(user) || c.lessorOrgId !== user.orgId) {
    throw new ApiError(API_STATUS.forbidden, 'error.forbidden');
  }
  return c;
}

const running = (c: ContractRow) => {
  if (c.status !== LEASE_STATUS.inExecution) throw invalidField('contractId', 'handover.contractNotRunning');
};

/** The machine's own latest readings: its hour meter (working or engine hours) and battery charge. */
export function readingsOf(device: typeof devices.$inferSelect) {
  const latest = (device.latest ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const reported = device.lastDeviceTime !== null;
  return {
    hourMeter: reported ? (num(latest.workingHours) ?? num(latest.engineHours) ?? device.workingHours) : null,
    batteryPct: num(latest.batteryPct) ?? num(latest.chargePct),
    readAt: device.lastDeviceTime,
  };
}

/** The open lease period of each machine, if it has one. */
async function openPeriods(tx: ScopedData, deviceIds: number[]) {
  if (deviceIds.length === 0) return [];
  return tx
    .unscoped('domainRule')
    .select()
    .from(leasePeriods)
    .where(and(inArray(leasePeriods.deviceId, deviceIds), isNull(leasePeriods.endOn)))
    .all();
}

const linesOf = async (tx: ScopedData, contractId: number): Promise<Line[]> =>
  tx.unscoped('domainRule').select().from(contractLines).where(eq(contractLines.contractId, contractId)).all();

/** How many machines each line has on lease now. */
async function onLeaseByLine(tx: ScopedData, contractId: number): Promise<Map<number, number>> {
  const rows = await tx
    .unscoped('domainRule')
    .select({ lineId: leasePeriods.lineId, n: sql<number>`count(*)` })
    .from(leasePeriods)
    .where(and(eq(leasePeriods.contractId, contractId), isNull(leasePeriods.endOn)))
    .groupBy(leasePeriods.lineId)
    .all();
  return new Map(rows.map((r) => [r.lineId, r.n]));
}

/** A machine the lessor owns and may deliver under this line: the line's own machine, or one of its model. */
const fitsLine = (line: Line, device: typeof devices.$inferSelect) =>
  line.deviceId !== null ? line.deviceId === device.id : line.modelId === device.modelId;

/**
 * A machine an entry may deliver on `day`: on no lease now, back from its last lease before that day (the return
 * day is that lease's last, billed, day: a period from it again would overlap), and reserved by no other contract
 * (a line of another contract in review, signing or running names it), whatever line of this one it comes under.
 */
async function checkDeliverable(db: Db, c: ContractRow, device: Device, period: unknown, day: string) {
  if (period || device.leaseStatus !== 'stock') {
    throw new ApiError(API_STATUS.conflict, 'handover.machineOnLease', { serial: device.serialNumber });
  }
  const back = (
    await db
      .select({ day: max(leasePeriods.endOn) })
      .from(leasePeriods)
      .where(eq(leasePeriods.deviceId, device.id))
      .get()
  )?.day;
  if (back && back >= day) {
    throw new ApiError(API_STATUS.conflict, 'handover.backOnlyOn', { serial: device.serialNumber, day: back });
  }
  const held = await claimedElsewhere(db, [device.id], c.id, true);
  if (held) {
    throw new ApiError(API_STATUS.conflict, 'handover.machineHeld', {
      serial: device.serialNumber,
      number: held.number,
    });
  }
  // Nor held by another quote or contract on a day of this lease, by name or as one of its model's count (069).
  await checkDelivery(db, device, c, day, day > c.endOn ? day : c.endOn, c.lang);
}

/**
 * Check each machine of a new entry or exit against the contract and the machines' state now; answers the
 * machines with the line each moves under.
 */
async function checkedMachines(tx: ScopedWrite, c: ContractRow, kind: HandoverKind, input: Input) {
  const lines = await linesOf(tx, c.id);
  const ids = input.machines.map((m) => m.deviceId);
  if (new Set(ids).size !== ids.length) throw invalidField('machines', 'handover.machineTwice');
  const found = await tx
    .unscoped('domainRule')
    .select()
    .from(devices)
    .where(and(inArray(devices.id, ids), eq(devices.orgId, c.lessorOrgId)))
    .all();
  // An entry checks each machine's open period; an exit the period its return ends (return-periods.ts).
  const open = kind === 'entry' ? await openPeriods(tx, ids) : [];
  const returning = kind === 'exit' ? await periodsOnReturn(tx.unscoped('domainRule'), ids, input.day) : null;
  const onLease = await onLeaseByLine(tx, c.id);
  return await mapInOrder(input.machines, async (m, i) => {
    const device = found.find((d) => d.id === m.deviceId);
    if (!device) throw invalidField(`machines.${i}.deviceId`, 'handover.machineInvalid');
    const period = open.find((p) => p.deviceId === device.id);
    if (returning) {
      const covering = returning.get(device.id)?.covering;
      if (!covering || covering.contractId !== c.id) {
        throw invalidField(`machines.${i}.deviceId`, 'handover.machineNotOnLease');
      }
      await checkReturnDay(tx.unscoped('domainRule'), covering, device.serialNumber, input.day);
      return { input: m, device, lineId: covering.lineId };
    }
    const line = lines.find((l) => l.id === m.lineId);
    if (!line) throw invalidField(`machines.${i}.lineId`, 'handover.lineInvalid');
    if (!fitsLine(line, device)) throw invalidField(`machines.${i}.deviceId`, 'handover.machineNotOfLine');
    if (!lineInForce(line, input.day)) throw invalidField(`machines.${i}.lineId`, 'handover.lineNotInForce');
    await checkDeliverable(tx.unscoped('domainRule'), c, device, period, input.day);
    const taken = (onLease.get(line.id) ?? 0) + 1;
    if (taken > line.count) throw invalidField(`machines.${i}.lineId`, 'handover.lineFull');
    onLease.set(line.id, taken);
    return { input: m, device, lineId: line.id };
  });
}

/** Write a draft entry or exit with each machine's readings as they are now. */
export function createHandover(data: ScopedData, user: SessionUser, input: Input, now: number) {
  return data.write(async (tx) => {
    const c = await writableContract(tx, user, input.contractId);
    running(c);
    await checkHandoverDay(tx.unscoped('domainRule'), c, input.day, now);
    const machines = await checkedMachines(tx, c, input.kind, input);
    const number = await nextHandoverNumber(tx.unscoped('domainRule'), c.lessorOrgId, input.kind, now);
    const site = (v: string | undefined, fallback: string) => (v ? v : fallback);
    const created = await tx
      .insert(leaseHandovers)
      .values({
        number,
        kind: input.kind,
        orgId: c.lessorOrgId,
        contractId: c.id,
        renterOrgId: c.renterOrgId,
        day: input.day,
        // Without a site of its own, the contract's.
        siteProvince: site(input.siteProvince, c.siteProvince),
        siteCity: site(input.siteCity, c.siteCity),
        siteDistrict: site(input.siteDistrict, c.siteDistrict),
        siteAddress: site(input.siteAddress, c.siteAddress),
        deliveredBy: input.deliveredBy,
        receivedBy: input.receivedBy,
        remark: input.remark,
        createdBy: user.id,
        createdAt: new Date(now),
      })
      .returning({ id: leaseHandovers.id })
      .get();
    await tx
      .insert(leaseHandoverMachines)
      .values(
        machines.map(({ input: m, device, lineId }) => ({
          handoverId: created.id,
          lineId,
          deviceId: device.id,
          ...readingsOf(device),
          photos: m.photos,
          damage: m.damage,
        })),
      )
      .run();
    return { id: created.id, number };
  });
}

/** A draft of a contract the user writes for, or the clear refusal. */
async function writableDraft(tx: ScopedWrite, user: SessionUser, id: number): Promise<{ h: Handover; c: ContractRow }> {
  const h = await tx
    .select()
    .from(leaseHandovers, tx.orgScope(leaseHandovers.orgId))
    .where(eq(leaseHandovers.id, id))
    .get();
  if (!h) throw notFound();
  const c = await writableContract(tx, user, h.contractId);
  if (h.state !== 'draft') throw new ApiError(API_STATUS.conflict, 'handover.confirmedUnchangeable');
  return { h, c };
}

export async function deleteHandover(data: ScopedData, user: SessionUser, id: number) {
  await data.write(async (tx) => {
    await writableDraft(tx, user, id);
    await tx.delete(leaseHandoverMachines).where(eq(leaseHandoverMachines.handoverId, id)).run();
    await tx.delete(leaseHandovers).where(eq(leaseHandovers.id, id)).run();
  });
}

/** The phone a damage work order names: the renter's, else the lessor's, else the person confirming. */
async function contactPhone(
  tx: ScopedWrite,
  user: SessionUser,
  orgIds: number[],
  dialCode: string,
): Promise<{ phone: string; areaCode: string }> {
  const rows = await tx
    .unscoped('referencedNames')
    .select({ id: organisations.id, phone: organisations.contactPhone })
    .from(organisations)
    .where(inArray(organisations.id, orgIds))
    .all();
  const phone = orgIds.map((o) => rows.find((r) => r.id === o)?.phone ?? '').find((p) => p !== '');
  // An organisation keeps its contact without a calling code: it is of the rental company's country.
  return phone ? { phone, areaCode: dialCode } : { phone: user.mobile, areaCode: user.areaCode };
}

/**
 * Confirm a draft. Entry: every machine goes on lease to the renter (its customer, so the renter's users see it)
 * and a lease period opens from the entry day to the contract's end; a machine already on a lease refuses the
 * whole entry (also when two confirmations race: the unique index on open periods). Exit: every machine's open
 * period under this contract ends on the exit day, the machine returns to stock, and each damage note raises a
 * maintenance work order that points back at the exit's machine, and the contract's bills due today (the
 * machines' last part) are issued in the same transaction.
 */
export async function confirmHandover(
  data: ScopedData,
  user: SessionUser,
  id: number,
  now: number,
  /** The calling code of an organisation's country (its brand's): a damage work order's phone is dialled with it. */
  dialCodeOf: (orgId: number) => Promise<string>,
) {
  try {
    return await data.write(async (tx) => {
      const { h, c } = await writableDraft(tx, user, id);
      running(c);
      const rows = await tx
        .unscoped('domainRule')
        .select({ row: leaseHandoverMachines, device: devices })
        .from(leaseHandoverMachines)
        .innerJoin(devices, eq(devices.id, leaseHandoverMachines.deviceId))
        .where(eq(leaseHandoverMachines.handoverId, h.id))
        .all();
      const open =
        h.kind === 'entry'
          ? await openPeriods(
              tx,
              rows.map((r) => r.device.id),
            )
          : [];
      const returning =
        h.kind === 'exit'
          ? await periodsOnReturn(
              tx.unscoped('domainRule'),
              rows.map((r) => r.device.id),
              h.day,
            )
          : null;
      const orders: string[] = [];
      const lines = await linesOf(tx, c.id);
      for (const { row, device } of rows) {
        const period = open.find((p) => p.deviceId === device.id);
        if (h.kind === 'entry') {
          await checkDeliverable(tx.unscoped('domainRule'), c, device, period, h.day);
          // A change may have removed or repriced the line since the draft was written (decision 041).
          const line = lines.find((l) => l.id === row.lineId);
          if (!line || !lineInForce(line, h.day)) throw invalidField('day', 'handover.lineNotInForce');
          const opened = await tx
            .insert(leasePeriods)
            .values({
              lessorOrgId: c.lessorOrgId,
              contractId: c.id,
              lineId: row.lineId,
              deviceId: device.id,
              renterOrgId: c.renterOrgId,
              entryId: h.id,
              startOn: h.day,
              plannedEndOn: line.untilOn ?? c.endOn,
              createdAt: new Date(now),
            })
            .returning({ id: leasePeriods.id })
            .get();
          await tx
            .update(devices)
            .set({ leaseStatus: 'leased', customerOrgId: c.renterOrgId })
            .where(eq(devices.id, device.id))
            .run();
          // The delivery consumes what the contract held for this machine (decision 069).
          await consumeOnDelivery(tx.unscoped('domainRule'), c.id, [device], now);
          await tx
            .update(leaseHandoverMachines)
            .set({ periodId: opened.id })
            .where(eq(leaseHandoverMachines.id, row.id))
            .run();
          continue;
        }
        const ending = returning?.get(device.id);
        if (!ending || ending.covering.contractId !== c.id) {
          throw new ApiError(API_STATUS.conflict, 'handover.notOnLeaseNow', { serial: device.serialNumber });
        }
        await checkReturnDay(tx.unscoped('domainRule'), ending.covering, device.serialNumber, h.day);
        await endOnReturn(tx.unscoped('domainRule'), ending, h.day, h.id);
        let workOrderId: number | null = null;
        if (row.damage !== '') {
          const order = await createWorkOrder(
            tx,
            user,
            {
              title: `${h.number} ${device.serialNumber}`.slice(0, 100),
              type: 1,
              level: 3,
              deviceId: device.id,
              ...(await contactPhone(tx, user, [c.renterOrgId, c.lessorOrgId], await dialCodeOf(c.lessorOrgId))),
              // The site where the machine was handed back, when it is a place of the region list.
              ...(isRegionPair(h.siteProvince, h.siteCity)
                ? { province: h.siteProvince, city: h.siteCity, district: h.siteDistrict }
                : { province: '', city: '', district: '' }),
              address: h.siteAddress.slice(0, 200),
              content: row.damage,
              attachments: row.photos,
              remark: '',
              source: { kind: 'leaseExit', id: row.id },
            },
            now,
          );
          workOrderId = order.id;
          orders.push(order.number);
        }
        // Back in the depot: the lessor's own, no customer (the registry's model of a machine in stock).
        await tx
          .update(devices)
          .set({ leaseStatus: 'stock', customerOrgId: null })
          .where(eq(devices.id, device.id))
          .run();
        await tx
          .update(leaseHandoverMachines)
          .set({ periodId: ending.covering.id, workOrderId })
          .where(eq(leaseHandoverMachines.id, row.id))
          .run();
      }
      await tx
        .update(leaseHandovers)
        .set({ state: 'confirmed', confirmedBy: user.id, confirmedAt: new Date(now) })
        .where(eq(leaseHandovers.id, h.id))
        .run();
      if (h.kind === 'exit') {
        // The return's last bill is issued in the same unit of work (decision 036): an exit is never confirmed
        // without it, and a bill that cannot be issued leaves the exit a draft.
        const db = tx.unscoped('domainRule');
        await issueLessorBills(db, c.lessorOrgId, await billingToday(db, c.lessorOrgId, now), c.id);
      }
      return { id: h.id, workOrders: orders };
    });
  } catch (error) {
    if (uniqueViolation(error, [leasePeriods]) === 'lease_periods_open_device') {
      throw new ApiError(API_STATUS.conflict, 'handover.machineOnLease', { serial: '' });
    }
    throw error;
  }
}

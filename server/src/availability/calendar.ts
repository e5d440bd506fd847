import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '@console/db/client';
import { organisations } from '@console/db/schema/accounts';
import { contractLines, contracts } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { quotes, reservations } from '@console/db/schema/quotes';
import { upkeepPlans } from '@console/db/schema/upkeep';
import { workOrders } from '@console/db/schema/work-orders';
import { WO_STATUS } from '@console/contract/codes/work-order-flow';
import type { AvailabilityState, CalendarSpanRow, HoldRef } from '@console/contract/http/availability';
import { claimingLine } from '../lease/machines-held.ts';
import { dayInZone } from '../lib/time.ts';
import { addDays, daysFrom } from './days.ts';

/**
 * A page of machines' days (docs/decisions/072-availability-calendar.md): each record that holds any of the
 * machines on any day of the span is read in one set-based query per kind of record, then laid over the days in
 * memory from the weakest hold to the strongest, so the strongest names the day:
 *   leased (a lease period) > reserved (a held reservation naming the machine, or a contract in force naming it,
 *   not yet delivered) > service (an open work order, or an upkeep plan due that day) > locked > off line > free.
 * A lock and the line are the machine's present condition: they count from today on, never for past days.
 */

export interface CalendarMachineIn {
  id: number;
  ownerOrgId: number;
  online: boolean;
  locked: boolean;
}

export interface MachineDays {
  spans: CalendarSpanRow[];
}

const renterOrg = alias(organisations, 'availability_renter');
const RANK: Record<AvailabilityState, number> = { free: 0, offline: 1, locked: 2, service: 3, reserved: 4, leased: 5 };

/** A hold read from the records: a machine, days (`to` null: open), a state and the record (a ref key). */
export interface Hold {
  deviceId: number;
  from: string;
  to: string | null;
  state: AvailabilityState;
  ref: HoldRef;
}

/**
 * What the holding rule counts (decision 069) on these machines over [from, to]: lease periods, held reservations
 * naming them, contracts in force naming them. The model view counts these too.
 */
export async function ruleHolds(db: Db, ids: number[], from: string, to: string): Promise<Hold[]> {
  if (ids.length === 0) return [];
  const holds: Hold[] = [];

  // On lease: a period from its delivery to its return (open while the machine is out).
  const periods = await db
    .select({
      deviceId: leasePeriods.deviceId,
      startOn: leasePeriods.startOn,
      endOn: leasePeriods.endOn,
      plannedEndOn: leasePeriods.plannedEndOn,
      contractId: contracts.id,
      number: contracts.number,
      customer: renterOrg.name,
    })
    .from(leasePeriods)
    .innerJoin(contracts, eq(contracts.id, leasePeriods.contractId))
    .leftJoin(renterOrg, eq(renterOrg.id, leasePeriods.renterOrgId))
    .where(
      and(
        inArray(leasePeriods.deviceId, ids),
        lte(leasePeriods.startOn, to),
        or(isNull(leasePeriods.endOn), gte(leasePeriods.endOn, from)),
      ),
    )
    .orderBy(leasePeriods.startOn, leasePeriods.id)
    .all();
  for (const p of periods) {
    holds.push({
      deviceId: p.deviceId,
      from: p.startOn,
      to: p.endOn,
      state: 'leased',
      ref: {
        kind: 'contract',
        id: p.contractId,
        number: p.number,
        customer: p.customer ?? '',
        from: p.startOn,
        to: p.endOn,
        expectedOn: p.endOn === null ? p.plannedEndOn : null,
      },
    });
  }

  // Reserved by a quote, or by the contract draft it became: held reservations naming the machine.
  const held = await db
    .select({
      deviceId: reservations.deviceId,
      startOn: reservations.startOn,
      endOn: reservations.endOn,
      quoteId: reservations.quoteId,
      contractId: reservations.contractId,
      quoteNumber: quotes.number,
      contractNumber: contracts.number,
      prospect: quotes.prospectName,
      customer: renterOrg.name,
    })
    .from(reservations)
    .leftJoin(quotes, eq(quotes.id, reservations.quoteId))
    .leftJoin(contracts, eq(contracts.id, reservations.contractId))
    .leftJoin(renterOrg, eq(renterOrg.id, sql`coalesce(${contracts.renterOrgId}, ${quotes.renterOrgId})`))
    .where(
      and(
        inArray(reservations.deviceId, ids),
        eq(reservations.state, 'held'),
        lte(reservations.startOn, to),
        gte(reservations.endOn, from),
      ),
    )
    .orderBy(reservations.startOn, reservations.id)
    .all();
  for (const r of held) {
    const byContract = r.contractId !== null;
    holds.push({
      deviceId: r.deviceId!,
      from: r.startOn,
      to: r.endOn,
      state: 'reserved',
      ref: {
        kind: byContract ? 'contract' : 'quote',
        id: byContract ? r.contractId! : r.quoteId!,
        number: (byContract ? r.contractNumber : r.quoteNumber) ?? '',
        customer: r.customer ?? r.prospect ?? '',
        from: r.startOn,
        to: r.endOn,
        expectedOn: null,
      },
    });
  }

  // Reserved by a contract in force naming the machine (decision 059's claim), until it is delivered.
  const named = await db
    .select({
      deviceId: contractLines.deviceId,
      startOn: sql<string>`coalesce(${contractLines.fromOn}, ${contracts.startOn})`,
      endOn: contracts.endOn,
      contractId: contracts.id,
      number: contracts.number,
      customer: renterOrg.name,
    })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .leftJoin(renterOrg, eq(renterOrg.id, contracts.renterOrgId))
    .where(
      and(inArray(contractLines.deviceId, ids), claimingLine(), lte(contracts.startOn, to), gte(contracts.endOn, from)),
    )
    .orderBy(contracts.startOn, contractLines.id)
    .all();
  for (const n of named) {
    holds.push({
      deviceId: n.deviceId!,
      from: n.startOn,
      to: n.endOn,
      state: 'reserved',
      ref: {
        kind: 'contract',
        id: n.contractId,
        number: n.number,
        customer: n.customer ?? '',
        from: n.startOn,
        to: n.endOn,
        expectedOn: null,
      },
    });
  }

  return holds;
}

/** The holds of these machines over [from, to], every kind of record, read set-based. */
export async function holdsOf(
  db: Db,
  machines: CalendarMachineIn[],
  from: string,
  to: string,
  today: string,
  zoneOf: (orgId: number) => string,
): Promise<Hold[]> {
  const ids = machines.map((m) => m.id);
  if (ids.length === 0) return [];
  const holds = await ruleHolds(db, ids, from, to);

  // In a work order: from the day it was raised to the day it was resolved (open: on).
  const ownerOf = new Map(machines.map((m) => [m.id, m.ownerOrgId]));
  const orders = await db
    .select({
      id: workOrders.id,
      deviceId: workOrders.deviceId,
      number: workOrders.number,
      status: workOrders.status,
      createdAt: workOrders.createdAt,
      updatedAt: workOrders.updatedAt,
    })
    .from(workOrders)
    .where(and(inArray(workOrders.deviceId, ids), ne(workOrders.status, WO_STATUS.resolved)))
    .orderBy(workOrders.id)
    .all();
  const resolved = await db
    .select({
      id: workOrders.id,
      deviceId: workOrders.deviceId,
      number: workOrders.number,
      status: workOrders.status,
      createdAt: workOrders.createdAt,
      updatedAt: workOrders.updatedAt,
    })
    .from(workOrders)
    .where(
      and(
        inArray(workOrders.deviceId, ids),
        eq(workOrders.status, WO_STATUS.resolved),
        // A day is at most a day and a half of instants in any zone: the day test below decides.
        gte(workOrders.updatedAt, new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000)),
      ),
    )
    .orderBy(workOrders.id)
    .all();
  for (const o of [...orders, ...resolved]) {
    const zone = zoneOf(ownerOf.get(o.deviceId) ?? 0);
    const start = dayInZone(o.createdAt, zone);
    const end = o.status === WO_STATUS.resolved ? dayInZone(o.updatedAt, zone) : null;
    if (start > to || (end !== null && end < from)) continue;
    holds.push({
      deviceId: o.deviceId,
      from: start,
      to: end,
      state: 'service',
      ref: { kind: 'workOrder', id: o.id, number: o.number, customer: '', from: start, to: end, expectedOn: null },
    });
  }

  // Upkeep due on a day of the span, with no work order raised for it yet: that day is for the service.
  const due = await db
    .select({ id: upkeepPlans.id, deviceId: upkeepPlans.deviceId, dueOn: upkeepPlans.nextDueAt })
    .from(upkeepPlans)
    .where(
      and(
        inArray(upkeepPlans.deviceId, ids),
        isNull(upkeepPlans.workOrderId),
        gte(upkeepPlans.nextDueAt, laterDay(from, today)),
        lte(upkeepPlans.nextDueAt, to),
      ),
    )
    .orderBy(upkeepPlans.id)
    .all();
  for (const u of due) {
    holds.push({
      deviceId: u.deviceId,
      from: u.dueOn!,
      to: u.dueOn!,
      state: 'service',
      ref: { kind: 'upkeep', id: u.id, number: '', customer: '', from: u.dueOn!, to: u.dueOn!, expectedOn: null },
    });
  }

  // The machine's present condition, from today on.
  for (const m of machines) {
    if (today > to) break;
    const state = m.locked ? 'locked' : m.online ? null : 'offline';
    if (state === null) continue;
    holds.push({
      deviceId: m.id,
      from: today,
      to: null,
      state,
      ref: { kind: 'device', id: m.id, number: '', customer: '', from: today, to: null, expectedOn: null },
    });
  }
  return holds;
}

const laterDay = (a: string, b: string) => (a > b ? a : b);

/**
 * The machines' days laid out: each machine's runs of days in one state under one record, the records numbered in
 * `refs` (each once, shared by the machines it holds).
 */
export function layDays(
  machineIds: number[],
  holds: Hold[],
  from: string,
  to: string,
): { spans: Map<number, CalendarSpanRow[]>; refs: HoldRef[] } {
  const days = daysFrom(from, to);
  const index = new Map(days.map((d, i) => [d, i]));
  const refs: HoldRef[] = [];
  const refIndex = new Map<string, number>();
  const refOf = (ref: HoldRef) => {
    const key = `${ref.kind}:${ref.id}:${ref.from}:${ref.to ?? ''}`;
    let i = refIndex.get(key);
    if (i === undefined) {
      i = refs.length;
      refs.push(ref);
      refIndex.set(key, i);
    }
    return i;
  };
  const grid = new Map<number, { state: AvailabilityState; ref: number | null }[]>();
  for (const id of machineIds)
    grid.set(
      id,
      days.map(() => ({ state: 'free' as const, ref: null })),
    );
  for (const h of holds) {
    const row = grid.get(h.deviceId);
    if (!row) continue;
    const first = h.from <= from ? 0 : index.get(h.from);
    const last = h.to === null || h.to >= to ? days.length - 1 : index.get(h.to);
    if (first === undefined || last === undefined) continue;
    const ref = refOf(h.ref);
    for (let i = first; i <= last; i++) {
      if (RANK[h.state] > RANK[row[i]!.state]) row[i] = { state: h.state, ref };
    }
  }
  const spans = new Map<number, CalendarSpanRow[]>();
  for (const [id, row] of grid) {
    const runs: CalendarSpanRow[] = [];
    row.forEach((cell, i) => {
      const last = runs.at(-1);
      if (last && last.state === cell.state && last.ref === cell.ref) last.to = days[i]!;
      else runs.push({ from: days[i]!, to: days[i]!, state: cell.state, ref: cell.ref });
    });
    spans.set(id, runs);
  }
  return { spans, refs };
}

export const lastDayOf = (from: string, days: number) => addDays(from, days - 1);

import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts, storeDevices } from '@console/db/schema/lease';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { quotes, reservations } from '@console/db/schema/quotes';
import { API_STATUS } from '@console/contract/http/envelope';
import { ApiError } from '../lib/errors.ts';
import { nameInSql, type ReaderLang } from '../lib/org-brand.ts';
import { claimingLine } from '../lease/machines-held.ts';
import { addDays, daysFrom, earlierOf, laterOf } from './days.ts';

/**
 * The holding rule (docs/decisions/069-quotes-and-reservations.md), for quotes and contracts alike (a contract holds
 * from its draft, written directly or from a quote, until each machine's delivery), checked and written in the
 * caller's unit of work, so two requests for the last free machine cannot both pass the check (the second reads the
 * first's rows):
 * - a named machine is held by one record a day: no other held reservation, lease period or contract in force
 *   (in review to running) covers any of its days;
 * - a model line holds a count of that model at the store: on each of its days, the store's machines of the model
 *   less those busy that day (named holds, lease periods, contracts in force) less the counts other model holds
 *   take, never goes below zero (a named machine counts at the store it stands in).
 */

export interface HoldLine {
  deviceId: number | null;
  modelId: number | null;
  count: number;
}

/** What asks to hold, and which of the existing holds are its own (not counted against it). */
export interface HoldRequest {
  orgId: number;
  storeId: number;
  startOn: string;
  endOn: string;
  lines: HoldLine[];
  own: { quoteId: number | null; contractId: number | null };
}

/** A span some record holds a machine (or a count of a model) for. */
interface Span {
  deviceId: number | null;
  count: number;
  startOn: string;
  /** Null: open (a machine on lease, not yet returned). */
  endOn: string | null;
  holder: string;
}

const covers = (s: Span, day: string) => s.startOn <= day && (s.endOn === null || s.endOn >= day);

/** The held reservations other than the request's own, overlapping its days, with the name of what holds them. */
function otherHeld(own: HoldRequest['own'], startOn: string, endOn: string): SQL {
  return and(
    eq(reservations.state, 'held'),
    lte(reservations.startOn, endOn),
    gte(reservations.endOn, startOn),
    own.quoteId === null ? undefined : or(isNull(reservations.quoteId), ne(reservations.quoteId, own.quoteId)),
    own.contractId === null
      ? undefined
      : or(isNull(reservations.contractId), ne(reservations.contractId, own.contractId)),
  )!;
}

const holderName = sql<string>`coalesce(${contracts.number}, ${quotes.number}, '')`;

async function reservedSpans(tx: Db, where: SQL): Promise<Span[]> {
  const rows = await tx
    .select({
      deviceId: reservations.deviceId,
      count: reservations.count,
      startOn: reservations.startOn,
      endOn: reservations.endOn,
      holder: holderName,
    })
    .from(reservations)
    .leftJoin(quotes, eq(quotes.id, reservations.quoteId))
    .leftJoin(contracts, eq(contracts.id, reservations.contractId))
    .where(where)
    .all();
  return rows.map((r) => ({ ...r, holder: r.holder ?? '' }));
}

/** Lease periods and contracts in force naming these machines over these days. */
async function leasedSpans(tx: Db, deviceIds: number[], req: HoldRequest): Promise<Span[]> {
  if (deviceIds.length === 0) return [];
  const periods = await tx
    .select({
      deviceId: leasePeriods.deviceId,
      startOn: leasePeriods.startOn,
      endOn: leasePeriods.endOn,
      holder: contracts.number,
    })
    .from(leasePeriods)
    .innerJoin(contracts, eq(contracts.id, leasePeriods.contractId))
    .where(
      and(
        inArray(leasePeriods.deviceId, deviceIds),
        lte(leasePeriods.startOn, req.endOn),
        or(isNull(leasePeriods.endOn), gte(leasePeriods.endOn, req.startOn)),
      ),
    )
    .all();
  const others = req.own.contractId === null ? undefined : ne(contracts.id, req.own.contractId);
  return [...periods.map((p) => ({ ...p, count: 1 })), ...(await namedInForce(tx, deviceIds, req, others))];
}

/** Contracts in force (those `others` keeps) naming these machines over these days. */
async function namedInForce(
  tx: Db,
  deviceIds: number[],
  days: { startOn: string; endOn: string },
  others: SQL | undefined,
): Promise<Span[]> {
  const named = await tx
    .select({
      deviceId: contractLines.deviceId,
      startOn: sql<string>`coalesce(${contractLines.fromOn}, ${contracts.startOn})`,
      endOn: contracts.endOn,
      holder: contracts.number,
    })
    .from(contractLines)
    .innerJoin(contracts, eq(contracts.id, contractLines.contractId))
    .where(
      and(
        inArray(contractLines.deviceId, deviceIds),
        claimingLine(),
        lte(contracts.startOn, days.endOn),
        gte(contracts.endOn, days.startOn),
        others,
      ),
    )
    .all();
  return named.map((n) => ({ ...n, count: 1 }));
}

/** Refuses (409, naming the record and the days) what the request may not hold; writes nothing. */
export async function checkHolds(tx: Db, req: HoldRequest, lang: ReaderLang): Promise<void> {
  const namedIds = req.lines.flatMap((l) => (l.deviceId === null ? [] : [l.deviceId]));
  const named = namedIds.length
    ? await tx
        .select({
          id: devices.id,
          serial: devices.serialNumber,
          modelId: devices.modelId,
          storeId: storeDevices.storeId,
        })
        .from(devices)
        .leftJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
        .where(inArray(devices.id, namedIds))
        .all()
    : [];
  // Each named machine: nothing else holds it on any of the days.
  const spans = [
    ...(namedIds.length
      ? await reservedSpans(
          tx,
          and(otherHeld(req.own, req.startOn, req.endOn), inArray(reservations.deviceId, namedIds))!,
        )
      : []),
    ...(await leasedSpans(tx, namedIds, req)),
  ];
  for (const machine of named) {
    const taken = spans.find((s) => s.deviceId === machine.id);
    if (taken) {
      throw new ApiError(API_STATUS.conflict, 'quotes.machineHeld', {
        serial: machine.serial,
        holder: taken.holder,
        from: laterOf(taken.startOn, req.startOn),
        to: earlierOf(taken.endOn ?? req.endOn, req.endOn),
      });
    }
  }
  // Each model at each store: the count asked (model lines at the request's store, and named machines of the model
  // at the store they stand in) fits the free count of every day.
  const need = new Map<string, { storeId: number; modelId: number; wanted: number }>();
  const ask = (storeId: number, modelId: number, count: number) => {
    const key = `${storeId}:${modelId}`;
    const had = need.get(key);
    need.set(key, { storeId, modelId, wanted: (had?.wanted ?? 0) + count });
  };
  for (const l of req.lines) {
    if (l.deviceId === null) {
      if (l.modelId !== null) ask(req.storeId, l.modelId, l.count);
      continue;
    }
    const machine = named.find((m) => m.id === l.deviceId);
    if (machine?.storeId != null) ask(machine.storeId, machine.modelId, l.count);
  }
  for (const { storeId, modelId, wanted } of need.values()) {
    await checkModel(tx, { ...req, storeId }, modelId, wanted, lang);
  }
}

/**
 * Each day of the request's span, how many of the model at its store are free (the request's own holds not
 * counted against it) and which records hold the others.
 */
export async function modelDays(
  tx: Db,
  req: Omit<HoldRequest, 'lines'>,
  modelId: number,
): Promise<{ day: string; free: number; holders: string[] }[]> {
  const fleet = await tx
    .select({ id: devices.id })
    .from(devices)
    .innerJoin(storeDevices, eq(storeDevices.deviceId, devices.id))
    .where(and(eq(storeDevices.storeId, req.storeId), eq(devices.modelId, modelId), eq(devices.orgId, req.orgId)))
    .all();
  const ids = fleet.map((f) => f.id);
  const asked = { ...req, lines: [] };
  const busy = [
    ...(ids.length
      ? await reservedSpans(tx, and(otherHeld(req.own, req.startOn, req.endOn), inArray(reservations.deviceId, ids))!)
      : []),
    ...(await leasedSpans(tx, ids, asked)),
  ];
  const counted = await reservedSpans(
    tx,
    and(
      otherHeld(req.own, req.startOn, req.endOn),
      eq(reservations.storeId, req.storeId),
      eq(reservations.modelId, modelId),
      isNull(reservations.deviceId),
      isNotNull(reservations.modelId),
    )!,
  );
  return daysFrom(req.startOn, req.endOn).map((day) => {
    const busyToday = busy.filter((s) => covers(s, day));
    const heldToday = counted.filter((s) => covers(s, day));
    return {
      day,
      free: ids.length - new Set(busyToday.map((s) => s.deviceId)).size - heldToday.reduce((n, s) => n + s.count, 0),
      holders: [...new Set([...heldToday, ...busyToday].map((s) => s.holder))],
    };
  });
}

async function checkModel(tx: Db, req: HoldRequest, modelId: number, wanted: number, lang: ReaderLang) {
  const short = (await modelDays(tx, req, modelId)).find((d) => d.free < wanted);
  if (!short) return;
  const model = await tx
    .select({ name: nameInSql(deviceModels, lang) })
    .from(deviceModels)
    .where(eq(deviceModels.id, modelId))
    .get();
  throw new ApiError(API_STATUS.conflict, 'quotes.modelFull', {
    day: short.day,
    model: model?.name ?? '',
    free: Math.max(0, short.free),
    holders: short.holders.slice(0, 3).join(', ') || '-',
  });
}

/** Check, then write the request's holds (one row per line). */
export async function takeHolds(tx: Db, req: HoldRequest, lang: ReaderLang, now: number): Promise<void> {
  await checkHolds(tx, req, lang);
  for (const l of req.lines) {
    await tx
      .insert(reservations)
      .values({
        orgId: req.orgId,
        storeId: req.storeId,
        quoteId: req.own.quoteId,
        contractId: req.own.contractId,
        deviceId: l.deviceId,
        modelId: l.deviceId === null ? l.modelId : null,
        count: l.count,
        startOn: req.startOn,
        endOn: req.endOn,
        createdAt: new Date(now),
      })
      .run();
  }
}

/** What a quote holds ends (expired, declined, withdrawn, unheld, or replaced by an edit). */
export async function releaseQuoteHolds(tx: Db, quoteId: number, reason: string, now: number): Promise<void> {
  await tx
    .update(reservations)
    .set({ state: 'released', endReason: reason, endedAt: new Date(now) })
    .where(and(eq(reservations.quoteId, quoteId), eq(reservations.state, 'held')))
    .run();
}

export async function quoteHolds(tx: Db, quoteId: number): Promise<boolean> {
  const row = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.quoteId, quoteId), eq(reservations.state, 'held')))
    .limit(1)
    .get();
  return row !== undefined;
}

/** An accepted quote's holds pass to the contract draft it became: the contract holds them until delivery. */
export async function moveHoldsToContract(tx: Db, quoteId: number, contractId: number): Promise<void> {
  await tx
    .update(reservations)
    .set({ contractId })
    .where(and(eq(reservations.quoteId, quoteId), eq(reservations.state, 'held')))
    .run();
}

/**
 * A confirmed delivery consumes what the contract held for the machines it delivered: every hold naming the machine,
 * or one of its model's count (the last one consumes the row). A model held over consecutive spans (its contract's
 * days, and the days a change added past them: decision 069, change holds) gives one from each span that does not
 * overlap another already counted, so the delivered machine, on lease from now on, is not held twice on a day.
 * Called in the delivery's own unit of work.
 */
export async function consumeOnDelivery(
  tx: Db,
  contractId: number,
  delivered: { id: number; modelId: number }[],
  now: number,
): Promise<void> {
  const consume = (id: number) =>
    tx
      .update(reservations)
      .set({ state: 'consumed', endReason: 'delivered', endedAt: new Date(now) })
      .where(eq(reservations.id, id))
      .run();
  for (const machine of delivered) {
    const held = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.contractId, contractId), eq(reservations.state, 'held')))
      .all();
    const named = held.filter((r) => r.deviceId === machine.id);
    if (named.length > 0) {
      for (const row of named) await consume(row.id);
      continue;
    }
    const chain: typeof held = [];
    for (const row of held
      .filter((r) => r.deviceId === null && r.modelId === machine.modelId)
      .sort((a, b) => (a.startOn < b.startOn ? -1 : a.startOn > b.startOn ? 1 : a.id - b.id))) {
      if (chain.every((c) => c.endOn < row.startOn || c.startOn > row.endOn)) chain.push(row);
    }
    for (const row of chain) {
      if (row.count <= 1) await consume(row.id);
      else {
        await tx
          .update(reservations)
          .set({ count: row.count - 1 })
          .where(eq(reservations.id, row.id))
          .run();
      }
    }
  }
}

/** Whether the contract holds anything still (rows held for it, from a quote or its own). */
export async function contractHolds(tx: Db, contractId: number): Promise<boolean> {
  const row = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.contractId, contractId), eq(reservations.state, 'held')))
    .limit(1)
    .get();
  return row !== undefined;
}

/** The holding request of a contract's lines for its days (its own holds not counted against it). */
export function contractHoldRequest(
  c: { id: number; lessorOrgId: number; storeId: number; startOn: string; endOn: string },
  lines: { deviceId: number | null; modelId: number | null; count: number }[],
): HoldRequest {
  return {
    orgId: c.lessorOrgId,
    storeId: c.storeId,
    startOn: c.startOn,
    endOn: c.endOn,
    lines: lines.map((l) => ({ deviceId: l.deviceId, modelId: l.modelId, count: l.count })),
    own: { quoteId: null, contractId: c.id },
  };
}

/**
 * What a contract still holds ends: an edit (held again at once for the new terms), its close or termination (what
 * was never delivered is free again). Consumed rows stay consumed.
 */
export async function releaseContractHolds(tx: Db, contractId: number, reason: string, now: number): Promise<void> {
  await tx
    .update(reservations)
    .set({ state: 'released', endReason: reason, endedAt: new Date(now) })
    .where(and(eq(reservations.contractId, contractId), eq(reservations.state, 'held')))
    .run();
}

/**
 * A machine about to be delivered under a contract from `startOn` to `endOn` (decision 069): no other quote or
 * contract holds it by name on any of those days, and unless the contract holds it (by name, or a count of its
 * model the delivery consumes), its model at its store has one free on each of the days. 409 naming the holder and
 * the days otherwise.
 */
export async function checkDelivery(
  tx: Db,
  machine: { id: number; serialNumber: string; modelId: number },
  c: { id: number; lessorOrgId: number },
  startOn: string,
  endOn: string,
  lang: ReaderLang,
): Promise<void> {
  const own = { quoteId: null, contractId: c.id };
  const taken = (
    await reservedSpans(tx, and(otherHeld(own, startOn, endOn), eq(reservations.deviceId, machine.id))!)
  )[0];
  if (taken) {
    throw new ApiError(API_STATUS.conflict, 'quotes.machineHeld', {
      serial: machine.serialNumber,
      holder: taken.holder,
      from: laterOf(taken.startOn, startOn),
      to: earlierOf(taken.endOn ?? endOn, endOn),
    });
  }
  const held = await tx
    .select({ deviceId: reservations.deviceId, modelId: reservations.modelId })
    .from(reservations)
    .where(and(eq(reservations.contractId, c.id), eq(reservations.state, 'held')))
    .all();
  if (held.some((r) => r.deviceId === machine.id || (r.deviceId === null && r.modelId === machine.modelId))) return;
  const store = await tx
    .select({ storeId: storeDevices.storeId })
    .from(storeDevices)
    .where(eq(storeDevices.deviceId, machine.id))
    .get();
  if (!store) return;
  const req = { orgId: c.lessorOrgId, storeId: store.storeId, startOn, endOn, lines: [], own };
  await checkModel(tx, req, machine.modelId, 1, lang);
}

/**
 * What a contract change holds (decision 069 addendum, change holds), as one or two requests of the change itself
 * (its rows are its own, `contractId` = the change): an added line's machine or count from the effective day to the
 * change's end; when the change moves the end later, the machines not yet delivered of every line of the contract
 * it keeps (in force and not removed by the change, repriced or not) for the days past the contract's end that the
 * later end adds (the days before are held by the contract already; a delivered machine is held by its open lease
 * period, so those days of a delivered machine are checked, not held: checkDeliveredFree). The same holding rule as a
 * contract's lines, so what another record holds on one of those days refuses the change, naming that record and the
 * days.
 */
export async function changeHoldRequests(
  tx: Db,
  change: { id: number; lessorOrgId: number; storeId: number; startOn: string; endOn: string; changeOf: number | null },
): Promise<HoldRequest[]> {
  if (change.changeOf === null) return [];
  const parent = await tx
    .select({ endOn: contracts.endOn })
    .from(contracts)
    .where(eq(contracts.id, change.changeOf))
    .get();
  if (!parent) return [];
  const lines = await tx.select().from(contractLines).where(eq(contractLines.contractId, change.id)).all();
  const base = { orgId: change.lessorOrgId, storeId: change.storeId, own: { quoteId: null, contractId: change.id } };
  const requests: HoldRequest[] = [];
  const adds = lines.filter((l) => l.changeOp === 'add');
  if (adds.length > 0) {
    requests.push({
      ...base,
      startOn: change.startOn,
      endOn: change.endOn,
      lines: adds.map((l) => ({ deviceId: l.deviceId, modelId: l.modelId, count: l.count })),
    });
  }
  const from = laterOf(change.startOn, addDays(parent.endOn, 1));
  if (from > change.endOn) return requests;
  // The contract's lines that go on past its end: in force, and not removed by this change.
  const removed = new Set(lines.flatMap((l) => (l.changeOp === 'remove' ? [l.targetLineId] : [])));
  const targets = (
    await tx
      .select()
      .from(contractLines)
      .where(and(eq(contractLines.contractId, change.changeOf), isNull(contractLines.untilOn)))
      .all()
  ).filter((t) => !removed.has(t.id));
  if (targets.length === 0) return requests;
  const targetIds = targets.map((t) => t.id);
  const out = await tx
    .select({ lineId: leasePeriods.lineId, deviceId: leasePeriods.deviceId })
    .from(leasePeriods)
    .where(and(inArray(leasePeriods.lineId, targetIds), isNull(leasePeriods.endOn)))
    .all();
  await checkDeliveredFree(
    tx,
    change.changeOf,
    change.id,
    [...new Set(out.map((p) => p.deviceId))],
    from,
    change.endOn,
  );
  const kept = targets.flatMap((t) => {
    const delivered = out.filter((p) => p.lineId === t.id).length;
    const count = t.deviceId === null ? t.count - delivered : delivered > 0 ? 0 : 1;
    return count > 0 ? [{ deviceId: t.deviceId, modelId: t.modelId, count }] : [];
  });
  if (kept.length > 0) requests.push({ ...base, startOn: from, endOn: change.endOn, lines: kept });
  return requests;
}

/**
 * A delivered machine is held by its open lease period, not by a row of its own (decision 069 addendum), and its
 * period runs on to the contract's planned end: a change that moves the end later refuses (409, as checkHolds) when
 * another record holds one of the contract's delivered machines on a day it adds, by a reservation or a contract in
 * force naming it. Writes nothing.
 */
async function checkDeliveredFree(
  tx: Db,
  contractId: number,
  changeId: number,
  deviceIds: number[],
  startOn: string,
  endOn: string,
): Promise<void> {
  if (deviceIds.length === 0) return;
  const held = (own: number) => otherHeld({ quoteId: null, contractId: own }, startOn, endOn);
  // The contract and its changes (a change repricing the line names the same machine) are not others.
  const family = and(ne(contracts.id, contractId), or(isNull(contracts.changeOf), ne(contracts.changeOf, contractId)));
  const spans = [
    ...(await reservedSpans(tx, and(held(contractId), held(changeId), inArray(reservations.deviceId, deviceIds))!)),
    ...(await namedInForce(tx, deviceIds, { startOn, endOn }, family)),
  ];
  const taken = spans[0];
  if (!taken) return;
  const machine = await tx
    .select({ serial: devices.serialNumber })
    .from(devices)
    .where(eq(devices.id, taken.deviceId!))
    .get();
  throw new ApiError(API_STATUS.conflict, 'quotes.machineHeld', {
    serial: machine?.serial ?? '',
    holder: taken.holder,
    from: laterOf(taken.startOn, startOn),
    to: earlierOf(taken.endOn ?? endOn, endOn),
  });
}

type HeldRow = typeof reservations.$inferSelect;

/**
 * Let go of `count` of what a held row holds from `day` on, with the reason; its days before `day` stay held as they
 * were. The part let go becomes a released row of its own for those days (the whole row when it is all of it from its
 * first day), and what stays held from `day` is a held row, so the record shows what was let go and when.
 */
async function releaseFrom(tx: Db, row: HeldRow, day: string, count: number, reason: string, now: number) {
  const ended = { state: 'released' as const, endReason: reason, endedAt: new Date(now) };
  const { id, ...rest } = row;
  if (row.startOn >= day && count >= row.count) {
    await tx.update(reservations).set(ended).where(eq(reservations.id, id)).run();
    return;
  }
  const from = laterOf(row.startOn, day);
  if (row.startOn < day) {
    await tx
      .update(reservations)
      .set({ endOn: addDays(day, -1) })
      .where(eq(reservations.id, id))
      .run();
    if (count < row.count) {
      await tx
        .insert(reservations)
        .values({ ...rest, startOn: from, count: row.count - count })
        .run();
    }
  } else {
    await tx
      .update(reservations)
      .set({ count: row.count - count })
      .where(eq(reservations.id, id))
      .run();
  }
  await tx
    .insert(reservations)
    .values({ ...rest, startOn: from, count, ...ended })
    .run();
}

/**
 * A change in force that moves its contract's end earlier: what the contract holds past the new end is free again.
 * A row wholly past it is released; a row across it keeps its days to the new end and its tail becomes a released
 * row of its own (`shortened`), so the record shows what was let go. Consumed rows stay as they are.
 */
export async function releaseHoldsAfter(tx: Db, contractId: number, endOn: string, now: number): Promise<void> {
  const after = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.contractId, contractId), eq(reservations.state, 'held'), gt(reservations.endOn, endOn)))
    .all();
  for (const row of after) await releaseFrom(tx, row, addDays(endOn, 1), row.count, 'shortened', now);
}

/**
 * A change in force that removes a line of its contract: from the change's effective day the contract no longer
 * holds the line's machines not yet delivered (`undelivered`: a named machine never delivered, a model
 * line's count less its open periods; a delivered machine's hold was consumed, and it leaves by a return). Its rows
 * naming the machine, or that many of the rows holding its model's count, are let go from that day (`removed`), the
 * days before staying the contract's. A hold row names a machine or a count, not a line: the count comes off the
 * contract's rows of the model in order of their days, never more on a day than the line held.
 */
export async function releaseRemovedLine(
  tx: Db,
  contractId: number,
  line: { deviceId: number | null; modelId: number | null },
  undelivered: number,
  day: string,
  now: number,
): Promise<void> {
  if (undelivered <= 0 || (line.deviceId === null && line.modelId === null)) return;
  const rows = (
    await tx
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.contractId, contractId),
          eq(reservations.state, 'held'),
          gte(reservations.endOn, day),
          line.deviceId !== null
            ? eq(reservations.deviceId, line.deviceId)
            : and(isNull(reservations.deviceId), eq(reservations.modelId, line.modelId!)),
        ),
      )
      .all()
  ).sort((a, b) => (a.startOn < b.startOn ? -1 : a.startOn > b.startOn ? 1 : a.id - b.id));
  // How many of the line's count each day has let go so far (rows of the model may overlap).
  const freed = new Map<string, number>();
  for (const row of rows) {
    const days = daysFrom(laterOf(row.startOn, day), row.endOn);
    const count = Math.min(row.count, ...days.map((d) => undelivered - (freed.get(d) ?? 0)));
    if (count <= 0) continue;
    await releaseFrom(tx, row, day, count, 'removed', now);
    for (const d of days) freed.set(d, (freed.get(d) ?? 0) + count);
  }
}

/** Hold what a change asks, in the caller's unit of work (a refusal rolls back what an earlier request wrote). */
export async function takeChangeHolds(tx: Db, requests: HoldRequest[], lang: ReaderLang, now: number): Promise<void> {
  for (const req of requests) await takeHolds(tx, req, lang, now);
}

/**
 * A change in force: what it holds passes to its contract, whose lines now carry its machines, so the contract's
 * deliveries consume it and its end releases what was never delivered.
 */
export async function passChangeHolds(tx: Db, changeId: number, contractId: number): Promise<void> {
  await tx
    .update(reservations)
    .set({ contractId })
    .where(and(eq(reservations.contractId, changeId), eq(reservations.state, 'held')))
    .run();
}

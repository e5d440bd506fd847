import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { LEASE_FLOW, type LeaseAction } from '@console/contract/codes/lease-flow';
import { lineAmountCents } from '@console/contract/codes/lease-pricing';
import type { Db } from '../client.ts';
import { contractEvents, contractLines, contracts } from '../schema/lease.ts';
import { signingFlows } from '../schema/lease-esign.ts';
import { leasePeriods } from '../schema/lease-periods.ts';
import { say } from './business.ts';
import { listRound } from './price-list.ts';
import { forEachInOrder } from '../in-order.ts';

/**
 * Contract changes of every lessor (docs/decisions/041-contract-changes.md), one in each status: a new price from
 * next week on running contracts for 0-6, an extension in force (7) whose effect is on its contract (end, open
 * periods, timeline), an extension completed with the closed contract (8), and one ended with the terminated
 * contract before it was signed (9). No faker: picks by id and fixed texts in the contract's language.
 */
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => day(Date.parse(`${d}T00:00:00Z`) + n * DAY);

type Contract = typeof contracts.$inferSelect;

const STORY: Record<number, LeaseAction[]> = {
  0: [],
  1: ['submit'],
  2: ['submit', 'withdraw'],
  3: ['submit', 'approve'],
  4: ['submit', 'reject'],
  5: ['submit', 'approve', 'startSigning'],
  6: ['submit', 'approve', 'startSigning', 'lesseeSigned'],
  7: ['submit', 'approve', 'startSigning', 'lesseeSigned', 'lessorSigned'],
  8: ['submit', 'approve', 'startSigning', 'lesseeSigned', 'lessorSigned', 'close'],
  9: ['submit', 'approve', 'terminate'],
};

const REMARKS = {
  reprice: {
    zh: '项目进入收尾阶段，双方协商下调租金',
    en: 'The project is winding down: rates lowered by agreement',
  },
  extend: { zh: '工期延长，租期顺延一个月', en: 'The works run longer: the lease runs a month more' },
  reject: {
    zh: '调价幅度超出门店权限，请重新核算',
    en: 'The new price is beyond the store’s authority; recalculate it',
  },
};

export async function seedLeaseChanges(db: Db, now: number): Promise<void> {
  const all = await db.select().from(contracts).where(eq(contracts.kind, 'contract')).orderBy(contracts.id).all();
  for (const lessorId of [...new Set(all.map((c) => c.lessorOrgId))]) {
    const mine = all.filter((c) => c.lessorOrgId === lessorId);
    // The first two running contracts' ends were moved by the handover seed (due soon, overdue): leave them.
    const running = mine.filter((c) => c.status === 7).slice(2);
    const closed = mine.find((c) => c.status === 8);
    const terminated = mine.find((c) => c.status === 9);
    if (running.length === 0) continue;
    for (let status = 0; status <= 7; status += 1) {
      await writeChange(db, running[status % running.length]!, status, now);
    }
    if (closed) await writeChange(db, closed, 8, now);
    if (terminated) await writeChange(db, terminated, 9, now);
  }
}

async function writeChange(db: Db, parent: Contract, status: number, now: number) {
  const lang = parent.lang;
  const extend = status === 7 || status === 8;
  const line = await db.select().from(contractLines).where(eq(contractLines.contractId, parent.id)).get();
  if (!line && !extend) return;
  // The changes of ended contracts were written while those ran.
  const createdAt =
    status >= 8 ? parent.createdAt.getTime() + (status === 8 ? 20 : 10) * DAY : now - (10 - status) * DAY;
  const effectiveOn = status >= 8 ? day(createdAt + 7 * DAY) : extend ? day(now + DAY) : day(now + (7 + status) * DAY);
  // The completed one moved the closed contract's end to the end it shows.
  const endOn = status === 7 ? addDays(parent.endOn, 30) : parent.endOn;
  // A tenth off both of the line's prices, rounded as a price list writes them.
  const lower = (cents: number | null) => (cents === null ? null : listRound(cents * 0.9));
  const prices = { dayCents: lower(line?.dayCents ?? null), monthCents: lower(line?.monthCents ?? null) };
  const amountCents = line && !extend ? lineAmountCents(line.businessModel, prices, effectiveOn, endOn, line.count) : 0;
  const created = day(createdAt).replaceAll('-', '');
  const prefix = `${lang === 'zh' ? 'BG' : 'CC'}-${created}-`;
  const seq =
    ((
      await db
        .select({ n: sql<number>`count(*)` })
        .from(contracts)
        .where(and(eq(contracts.lessorOrgId, parent.lessorOrgId), like(contracts.number, `${prefix}%`)))
        .get()
    )?.n ?? 0) + 1;
  const story = STORY[status]!;
  const at = (k: number) => new Date(createdAt + (k + 1) * 3 * 3600_000);
  const author = parent.salespersonId ?? parent.createdBy;
  const change = await db
    .insert(contracts)
    .values({
      kind: 'change',
      changeOf: parent.id,
      movesEnd: extend,
      number: `${prefix}${String(seq).padStart(4, '0')}`,
      lessorOrgId: parent.lessorOrgId,
      renterOrgId: parent.renterOrgId,
      storeId: parent.storeId,
      salespersonId: parent.salespersonId,
      createdBy: author,
      status,
      startOn: effectiveOn,
      endOn,
      siteProvince: parent.siteProvince,
      siteCity: parent.siteCity,
      siteDistrict: parent.siteDistrict,
      siteAddress: parent.siteAddress,
      billingDay: parent.billingDay,
      dueDays: parent.dueDays,
      remark: say(lang, extend ? REMARKS.extend : REMARKS.reprice),
      totalCents: amountCents,
      lang,
      templateId: parent.templateId,
      endedOn: status >= 8 ? parent.endedOn : null,
      createdAt: new Date(createdAt),
      updatedAt: at(story.length - 1),
    })
    .returning()
    .get();
  if (!extend && line) {
    await db
      .insert(contractLines)
      .values({
        contractId: change.id,
        changeOp: 'reprice',
        targetLineId: line.id,
        count: line.count,
        businessModel: line.businessModel,
        ...prices,
        // The line's hours allowance stays; its overtime hour is a tenth cheaper too (decision 070).
        allowanceTenths: line.allowanceTenths,
        overtimeCents: lower(line.overtimeCents),
        amountCents,
      })
      .run();
  }
  await db
    .insert(contractEvents)
    .values({ contractId: change.id, action: 'create', userId: author, toStatus: 0, at: new Date(createdAt) })
    .run();
  let from = 0;
  await forEachInOrder(story, async (action, k) => {
    const to = LEASE_FLOW[action].to;
    const byProvider = action === 'lesseeSigned' || action === 'lessorSigned';
    // A change ends with its contract: the server took those moves, not a person.
    const bySystem = action === 'close' || action === 'terminate';
    await db
      .insert(contractEvents)
      .values({
        contractId: change.id,
        action,
        userId:
          byProvider || bySystem ? null : action === 'submit' || action === 'withdraw' ? author : parent.createdBy,
        actor: byProvider ? 'provider' : bySystem ? 'system' : 'user',
        fromStatus: from,
        toStatus: to,
        reason: action === 'reject' ? say(lang, REMARKS.reject) : '',
        day: bySystem ? parent.endedOn : null,
        details: bySystem ? { contractNumber: parent.number } : {},
        at: at(k),
      })
      .run();
    from = to;
  });
  if (status >= 5 && status <= 8) {
    await db
      .insert(signingFlows)
      .values({
        contractId: change.id,
        providerFlowId: `SEEDC${change.id}`,
        state: status === 5 ? 'lesseePending' : status === 6 ? 'lessorPending' : 'completed',
        startedBy: parent.createdBy,
        createdAt: at(story.indexOf('startSigning')),
        updatedAt: at(story.length - 1),
      })
      .run();
  }
  if (status === 7 || status === 8) await inForce(db, parent, change, at(story.indexOf('lessorSigned')));
}

/** An extension in force: the contract ends later, and so do its machines still out (as change-effects.ts does). */
async function inForce(db: Db, parent: Contract, change: Contract, at: Date) {
  await db
    .update(leasePeriods)
    .set({ plannedEndOn: change.endOn })
    .where(
      and(
        eq(leasePeriods.contractId, parent.id),
        isNull(leasePeriods.endOn),
        eq(leasePeriods.plannedEndOn, parent.endOn),
      ),
    )
    .run();
  await db.update(contracts).set({ endOn: change.endOn }).where(eq(contracts.id, parent.id)).run();
  await db
    .insert(contractEvents)
    .values({
      contractId: parent.id,
      action: 'changed',
      actor: 'system',
      fromStatus: parent.status,
      toStatus: parent.status,
      day: change.startOn,
      details: { changeId: change.id, changeNumber: change.number, endOn: change.endOn },
      at,
    })
    .run();
}

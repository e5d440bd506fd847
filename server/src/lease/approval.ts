import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { deviceModels, devices } from '@console/db/schema/devices';
import { approvalRules, contractLines, renters, type contracts } from '@console/db/schema/lease';
import { leasePrices } from '@console/db/schema/products';
import { formatMoney, type MoneyFormat } from '@console/contract/codes/money';
import { leaseDays, requiredPrices } from '@console/contract/codes/lease-pricing';
import { translate } from '@console/contract/messages/translate';

type Rule = typeof approvalRules.$inferSelect;
type Contract = typeof contracts.$inferSelect;
type Line = typeof contractLines.$inferSelect;

/**
 * Why a contract needs a manager's approval whatever the automatic approval rules say (decision 029, addendum): its
 * renter is not verified, or a line is priced below the lessor's list price for its machine model and business model
 * (decision 049), or has no list price to compare with. Lines are counted from 1 in the contract's order.
 */
export type ManagerReason =
  | { kind: 'renterUnverified'; state: string }
  | {
      kind: 'belowList';
      line: number;
      machine: string;
      businessModel: number;
      unit: 'day' | 'month';
      priceCents: number;
      listCents: number;
    }
  | { kind: 'noListPrice'; line: number; machine: string; businessModel: number };

/** What the rules look at, gathered once per submit. */
export interface ApprovalFacts {
  renterVerified: boolean;
  arrearsCents: number;
  totalCents: number;
  days: number;
  models: number[];
  /** What leaves the contract to a manager, whatever a rule says ([] when a rule may approve it). */
  managerReasons: ManagerReason[];
}

/** Which conditions of a rule this contract fails ([] when the rule approves it). */
export function failedConditions(rule: Rule, facts: ApprovalFacts): string[] {
  const failed: string[] = [];
  if (rule.requireVerifiedRenter && !facts.renterVerified) failed.push('renterVerified');
  if (rule.requireNoArrears && facts.arrearsCents > 0) failed.push('noArrears');
  if (rule.maxTotalCents !== null && facts.totalCents > rule.maxTotalCents) failed.push('maxTotal');
  if (rule.maxDays !== null && facts.days > rule.maxDays) failed.push('maxDays');
  if (rule.allowedModels.length > 0 && facts.models.some((m) => !rule.allowedModels.includes(m))) {
    failed.push('allowedModels');
  }
  return failed;
}

/**
 * The first enabled rule, in the company's order, whose every condition holds; null leaves the review to a person,
 * and so does any reason a manager must approve it (no rule approves below the list price or an unverified renter).
 */
export function firstApprovingRule(rules: Rule[], facts: ApprovalFacts): Rule | null {
  if (facts.managerReasons.length > 0) return null;
  return rules.find((r) => r.enabled && failedConditions(r, facts).length === 0) ?? null;
}

export async function approvalFacts(tx: Db, c: Contract): Promise<ApprovalFacts> {
  const renter = await tx.select().from(renters).where(eq(renters.orgId, c.renterOrgId)).get();
  const lines = await tx
    .select()
    .from(contractLines)
    .where(eq(contractLines.contractId, c.id))
    .orderBy(asc(contractLines.id))
    .all();
  const renterVerified = renter?.realNameState === 'verified';
  return {
    renterVerified,
    arrearsCents: renter?.arrearsCents ?? 0,
    totalCents: c.totalCents,
    days: leaseDays(c.startOn, c.endOn),
    models: [...new Set(lines.map((l) => l.businessModel))],
    managerReasons: [
      ...(renterVerified ? [] : [{ kind: 'renterUnverified' as const, state: renter?.realNameState ?? 'none' }]),
      ...(await belowListPrice(tx, c.lessorOrgId, lines)),
    ],
  };
}

/**
 * Each line priced below the lessor's list price (lease_prices of its organisation, machine model and business
 * model): any price its business model shows (22 day and month, 23/27 day, 24/25 month) lower than the list's price
 * of that unit. A line whose model has no list price under its business model is left to a manager too. A change's
 * added and repriced lines are compared (a repriced line has its contract line's model); a removed one sets no price.
 */
async function belowListPrice(tx: Db, lessorOrgId: number, lines: Line[]): Promise<ManagerReason[]> {
  const targetIds = lines.flatMap((l) => (l.changeOp === 'reprice' && l.targetLineId !== null ? [l.targetLineId] : []));
  const targets =
    targetIds.length === 0
      ? []
      : await tx.select().from(contractLines).where(inArray(contractLines.id, targetIds)).all();
  const source = (l: Line) => (l.changeOp === 'reprice' ? (targets.find((x) => x.id === l.targetLineId) ?? l) : l);
  const deviceIds = [...new Set(lines.flatMap((l) => (source(l).deviceId === null ? [] : [source(l).deviceId!])))];
  const machines =
    deviceIds.length === 0
      ? []
      : await tx
          .select({ id: devices.id, serialNumber: devices.serialNumber, modelId: devices.modelId })
          .from(devices)
          .where(inArray(devices.id, deviceIds))
          .all();
  const modelOf = (l: Line) => source(l).modelId ?? machines.find((m) => m.id === source(l).deviceId)?.modelId ?? null;
  const modelIds = [...new Set(lines.flatMap((l) => (modelOf(l) === null ? [] : [modelOf(l)!])))];
  const models =
    modelIds.length === 0
      ? []
      : await tx
          .select({ id: deviceModels.id, name: deviceModels.name })
          .from(deviceModels)
          .where(inArray(deviceModels.id, modelIds))
          .all();
  const prices =
    modelIds.length === 0
      ? []
      : await tx
          .select()
          .from(leasePrices)
          .where(and(eq(leasePrices.orgId, lessorOrgId), inArray(leasePrices.modelId, modelIds)))
          .all();
  const reasons: ManagerReason[] = [];
  lines.forEach((l, i) => {
    if (l.changeOp === 'remove') return;
    const modelId = modelOf(l);
    const serial = machines.find((m) => m.id === source(l).deviceId)?.serialNumber;
    const modelName = models.find((m) => m.id === modelId)?.name ?? '';
    const machine = [serial, modelName].filter(Boolean).join(' ');
    const at = { line: i + 1, machine, businessModel: l.businessModel };
    const list = prices.find((p) => p.modelId === modelId && p.businessModel === l.businessModel);
    const units = requiredPrices(l.businessModel);
    const listed = units.length > 0 && units.every((u) => (u === 'day' ? list?.dayCents : list?.monthCents) != null);
    if (!listed) {
      reasons.push({ kind: 'noListPrice', ...at });
      return;
    }
    for (const unit of units) {
      const listCents = (unit === 'day' ? list!.dayCents : list!.monthCents)!;
      const priceCents = (unit === 'day' ? l.dayCents : l.monthCents) ?? 0;
      if (priceCents < listCents) reasons.push({ kind: 'belowList', ...at, unit, priceCents, listCents });
    }
  });
  return reasons;
}

/**
 * The reasons as the timeline records them, in the contract's language (the document's, as the lessor wrote it):
 * "Needs a manager's approval: line 1 (…): the day price ¥0.01 is below the list price ¥350.00; …", in the
 * lessor's brand's money.
 */
export function managerReasonText(contractLang: 'zh' | 'en', money: MoneyFormat, reasons: ManagerReason[]): string {
  const lang = contractLang === 'en' ? 'en_US' : 'zh_CN';
  return translate(lang, 'lease.review.held', { reasons: managerReasonList(lang, money, reasons) });
}

/** The reasons alone, joined in the language's way (the submit's answer puts them in its own message). */
export function managerReasonList(lang: 'en_US' | 'zh_CN', money: MoneyFormat, reasons: ManagerReason[]): string {
  const parts = reasons.map((r) => {
    switch (r.kind) {
      case 'renterUnverified':
        return translate(lang, 'lease.review.renterUnverified');
      case 'noListPrice':
        return translate(lang, 'lease.review.noListPrice', { line: r.line, machine: r.machine || '-' });
      case 'belowList':
        return translate(lang, 'lease.review.belowList', {
          line: r.line,
          machine: r.machine || '-',
          unit: translate(lang, `lease.review.unit.${r.unit}`),
          price: formatMoney(r.priceCents, money),
          list: formatMoney(r.listCents, money),
        });
    }
  });
  return parts.join(lang === 'en_US' ? '; ' : '；');
}

export async function rulesOf(tx: Db, orgId: number): Promise<Rule[]> {
  return tx
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.orgId, orgId))
    .orderBy(asc(approvalRules.position), asc(approvalRules.id))
    .all();
}

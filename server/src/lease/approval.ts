import { asc, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { approvalRules, contractLines, renters, type contracts } from '@console/db/schema/lease';
import { leaseDays } from '@console/contract/codes/lease-pricing';

type Rule = typeof approvalRules.$inferSelect;

/** What the rules look at, gathered once per submit. */
export interface ApprovalFacts {
  renterVerified: boolean;
  arrearsCents: number;
  totalCents: number;
  days: number;
  models: number[];
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

/** The first enabled rule, in the company's order, whose every condition holds; null leaves the review to a person. */
export function firstApprovingRule(rules: Rule[], facts: ApprovalFacts): Rule | null {
  return rules.find((r) => r.enabled && failedConditions(r, facts).length === 0) ?? null;
}

export function approvalFacts(tx: Db, c: typeof contracts.$inferSelect): ApprovalFacts {
  const renter = tx.select().from(renters).where(eq(renters.orgId, c.renterOrgId)).get();
  const lines = tx.select().from(contractLines).where(eq(contractLines.contractId, c.id)).all();
  return {
    renterVerified: renter?.realNameState === 'verified',
    arrearsCents: renter?.arrearsCents ?? 0,
    totalCents: c.totalCents,
    days: leaseDays(c.startOn, c.endOn),
    models: [...new Set(lines.map((l) => l.businessModel))],
  };
}

export function rulesOf(tx: Db, orgId: number): Rule[] {
  return tx
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.orgId, orgId))
    .orderBy(asc(approvalRules.position), asc(approvalRules.id))
    .all();
}

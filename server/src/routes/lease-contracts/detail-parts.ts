import { and, eq } from 'drizzle-orm';
import type { Db } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { contractEvents, type contracts } from '@console/db/schema/lease';
import { sealGrants, seals } from '@console/db/schema/lease-esign';
import { ROLE } from '@console/contract/codes/roles';
import type { ScopedData } from '../../lib/data.ts';
import type { SessionUser } from '../../lib/session.ts';
import { formatInZone } from '../../lib/time.ts';
import { currentFlow } from '../../lease/signing.ts';
import { movedDaysOf } from '../../availability/movable.ts';

/** Parts of a contract's detail that a change's detail shows alike (decision 041). */
type Contract = typeof contracts.$inferSelect;

/** A contract's (or change's) timeline with who acted. */
export const eventRows = (db: Db, id: number) =>
  db
    .select({ event: contractEvents, name: users.name, nickname: users.nickname })
    .from(contractEvents)
    .leftJoin(users, eq(users.id, contractEvents.userId))
    .where(eq(contractEvents.contractId, id))
    .orderBy(contractEvents.at, contractEvents.id)
    .all();

export function presentEvents(events: Awaited<ReturnType<typeof eventRows>>, timeZone: string) {
  return events.map(({ event: e, name, nickname }) => ({
    id: e.id,
    action: e.action,
    actor: e.actor,
    userName: name || nickname || '',
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    reason: e.reason,
    day: e.day,
    ruleName: typeof e.details.ruleName === 'string' ? e.details.ruleName : '',
    signer: typeof e.details.signer === 'string' ? e.details.signer : '',
    changeId: typeof e.details.changeId === 'number' ? e.details.changeId : null,
    changeNumber: typeof e.details.changeNumber === 'string' ? e.details.changeNumber : '',
    days: movedDaysOf(e.details),
    at: formatInZone(e.at, timeZone),
  }));
}

/** The rule that approved, as the timeline named it. */
export const ruleNameOf = (c: Contract, events: Awaited<ReturnType<typeof eventRows>>) =>
  c.approvalRuleId === null
    ? ''
    : String(events.find((e) => e.event.action === 'autoApprove')?.event.details.ruleName ?? '');

/**
 * The current signing: the signing pages are the parties' own, so only the lessor's people see the links, and only
 * while the provider still runs the flow (a cancelled or failed flow's pages lead nowhere: it may have been lost).
 */
export async function signingOf(db: Db, c: Contract, isLessor: boolean, timeZone: string) {
  const flow = await currentFlow(db, c.id);
  if (!flow) return null;
  const updatedAt = formatInZone(flow.updatedAt, timeZone);
  return isLessor && flow.state !== 'cancelled' && flow.state !== 'failed'
    ? { state: flow.state, lesseeUrl: flow.lesseeUrl, lessorUrl: flow.lessorUrl, updatedAt }
    : { state: flow.state, lesseeUrl: '', lessorUrl: '', updatedAt };
}

/** The seals this person may sign with for the contract's lessor: the administrator all, others their grants. */
export async function sealsFor(data: ScopedData, user: SessionUser, c: Contract) {
  if (user.orgKind !== 'lessor' || user.orgId !== c.lessorOrgId) return [];
  const db = data.unscoped('domainRule');
  const all = await db
    .select({ id: seals.id, name: seals.name })
    .from(seals)
    .where(eq(seals.orgId, c.lessorOrgId))
    .all();
  if (user.roleId === ROLE.lessorAdmin) return all;
  const granted = new Set(
    (
      await db
        .select({ id: sealGrants.sealId })
        .from(sealGrants)
        .where(and(eq(sealGrants.userId, user.id), eq(sealGrants.state, 'active')))
        .all()
    ).map((g) => g.id),
  );
  return all.filter((s) => granted.has(s.id));
}

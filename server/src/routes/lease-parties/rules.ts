import { asc, eq, sql } from 'drizzle-orm';
import { approvalRules } from '@console/db/schema/lease';
import { partyEndpoints } from '@console/contract/http/lease-parties';
import type { ScopedData } from '../../lib/data.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import type { SessionUser } from '../../lib/session.ts';
import { isManager, ownLessor } from './shared.ts';
import { forEachInOrder } from '@console/db/in-order';

async function ownRule(data: ScopedData, user: SessionUser, id: number) {
  const row = await data
    .select()
    .from(approvalRules, data.orgScope(approvalRules.orgId))
    .where(eq(approvalRules.id, id))
    .get();
  if (!row || row.orgId !== user.orgId) throw notFound();
  return row;
}

/** Automatic approval rules, tried in order on submit. */
export const ruleRoutes: RouteDef[] = [
  route(partyEndpoints.ruleList, async ({ user, data }) => {
    const rows = await data
      .select({
        rule: approvalRules,
        approvedCount: sql<number>`(select count(*) from contracts where contracts.approval_rule_id = ${approvalRules.id})`,
      })
      .from(approvalRules, data.orgScope(approvalRules.orgId))
      .orderBy(asc(approvalRules.orgId), asc(approvalRules.position), asc(approvalRules.id))
      .all();
    const lessors = await orgNames(
      data,
      rows.map((r) => r.rule.orgId),
    );
    return {
      list: rows.map(({ rule: r, approvedCount }) => ({
        id: r.id,
        name: r.name,
        enabled: r.enabled,
        position: r.position,
        requireVerifiedRenter: r.requireVerifiedRenter,
        requireNoArrears: r.requireNoArrears,
        maxTotalCents: r.maxTotalCents,
        maxDays: r.maxDays,
        allowedModels: r.allowedModels,
        orgId: r.orgId,
        lessorName: lessors.get(r.orgId) ?? '',
        approvedCount,
        editable: isManager(user) && r.orgId === user.orgId,
      })),
    };
  }),
  route(partyEndpoints.ruleCreate, ({ body, user, data }) => {
    const lessorId = ownLessor(user, isManager);
    return data.write(async (tx) => {
      // A new rule goes last: the order is the company's, not the form's.
      const last = (await tx
        .select({ n: sql<number>`coalesce(max(${approvalRules.position}), -1)` })
        .from(approvalRules, tx.orgScope(approvalRules.orgId))
        .where(eq(approvalRules.orgId, lessorId))
        .get())!.n;
      return tx
        .insert(approvalRules)
        .values({ ...body, position: last + 1, orgId: lessorId })
        .returning({ id: approvalRules.id })
        .get();
    });
  }),
  route(partyEndpoints.ruleUpdate, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    const { id, position: _p, ...fields } = body;
    await data.write(async (tx) => {
      await ownRule(tx, user, id);
      await tx.update(approvalRules).set(fields).where(eq(approvalRules.id, id)).run();
    });
    return { id };
  }),
  route(partyEndpoints.ruleEnable, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownRule(tx, user, body.id);
      await tx.update(approvalRules).set({ enabled: body.enabled }).where(eq(approvalRules.id, body.id)).run();
    });
    return { id: body.id };
  }),
  route(partyEndpoints.ruleReorder, async ({ body, user, data }) => {
    const lessorId = ownLessor(user, isManager);
    await data.write(async (tx) => {
      const current = (
        await tx
          .select({ id: approvalRules.id })
          .from(approvalRules, tx.orgScope(approvalRules.orgId))
          .where(eq(approvalRules.orgId, lessorId))
          .all()
      ).map((r) => r.id);
      const same =
        body.ids.length === current.length &&
        new Set(body.ids).size === body.ids.length &&
        body.ids.every((id) => current.includes(id));
      if (!same) throw invalidField('ids', 'lease.ruleOrderInvalid');
      await forEachInOrder(body.ids, async (id, position) => {
        await tx.update(approvalRules).set({ position }).where(eq(approvalRules.id, id)).run();
      });
    });
    return { ids: body.ids };
  }),
  route(partyEndpoints.ruleDelete, async ({ body, user, data }) => {
    ownLessor(user, isManager);
    await data.write(async (tx) => {
      await ownRule(tx, user, body.id);
      await tx.delete(approvalRules).where(eq(approvalRules.id, body.id)).run();
    });
    return { id: body.id };
  }),
];

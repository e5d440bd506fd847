import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Dialect } from '@console/db/dialect';
import { alias } from 'drizzle-orm/sqlite-core';
import { organisations, users } from '@console/db/schema/accounts';
import { deviceModels, devices } from '@console/db/schema/devices';
import { contractLines, contracts } from '@console/db/schema/lease';
import type { ChangeKind } from '@console/contract/codes/contract-change';
import { allowedActions, canEdit, CHANGE_EXCLUDED_ACTIONS, LEASE_STATUS } from '@console/contract/codes/lease-flow';
import {
  leaseChangeEndpoints as api,
  type ChangeLineRow,
  type ChangeRow,
  type changeFilters,
} from '@console/contract/http/lease-changes';
import { USER_ACTIONS, type UserAction } from '@console/contract/http/lease-contracts';
import type { z } from 'zod';
import type { Scope, ScopedData } from '../../lib/data.ts';
import { listPage, sortDirection } from '../../lib/list-page.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { keywordIn } from '../../lib/search.ts';
import type { SessionUser } from '../../lib/session.ts';
import { sortColumn } from '../../lib/sorting.ts';
import { formatInZone } from '../../lib/time.ts';
import { asActor, contractsVisibleTo, visibleOfKind, writesContracts } from '../../lease/access.ts';
import { createChange, updateChange } from '../../lease/change-drafts.ts';
import { eventRows, presentEvents, ruleNameOf, sealsFor, signingOf } from '../lease-contracts/index.ts';
import { nameInSql, orgBrand } from '../../lib/org-brand.ts';
import { moneyOfOrgs } from '../../lib/currencies.ts';
import type { AppDeps } from '../../lib/deps.ts';

/**
 * The contract change record, form and detail (docs/decisions/041-contract-changes.md). A change is a contracts row
 * of kind `change`: read by the contracts' own rule (decision 029) within the organisations' scope (decision 028);
 * its moves go through `/contract/move.do`.
 */
type Contract = typeof contracts.$inferSelect;
const parent = alias(contracts, 'parent');
const renterOrg = alias(organisations, 'renter_org');

function changeScope(data: ScopedData, user: SessionUser): Scope | null {
  const visible = contractsVisibleTo(user, 'change');
  if (visible === false) return null;
  return data.narrow(data.orgScope(contracts.lessorOrgId, contracts.renterOrgId), visible);
}

const hasOp = (op: string) =>
  sql`exists (select 1 from ${contractLines} where ${contractLines.contractId} = ${contracts.id} and ${contractLines.changeOp} = ${op})`;

function filtersOf(dialect: Dialect, query: z.infer<typeof changeFilters>): SQL | undefined {
  return and(
    keywordIn(dialect, [contracts.number, parent.number, renterOrg.name], query.keyword),
    query.status === undefined ? undefined : eq(contracts.status, query.status),
    query.contractId === undefined ? undefined : eq(contracts.changeOf, query.contractId),
    query.kind === undefined ? undefined : query.kind === 'extend' ? eq(contracts.movesEnd, true) : hasOp(query.kind),
    query.effectiveFrom ? sql`${contracts.startOn} >= ${query.effectiveFrom}` : undefined,
    query.effectiveTo ? sql`${contracts.startOn} <= ${query.effectiveTo}` : undefined,
  );
}

function readRows(data: ScopedData, scope: Scope) {
  return data
    .select({
      change: contracts,
      contractNumber: parent.number,
      renterName: renterOrg.name,
      createdByName: sql<string>`coalesce(nullif(${users.name}, ''), ${users.nickname}, '')`,
    })
    .from(contracts, scope)
    .leftJoin(parent, eq(parent.id, contracts.changeOf))
    .leftJoin(renterOrg, eq(renterOrg.id, contracts.renterOrgId))
    .leftJoin(users, eq(users.id, contracts.createdBy));
}
type ReadRow = { change: Contract; contractNumber: string | null; renterName: string | null; createdByName: string };

const userMoves = (c: Contract, user: SessionUser): UserAction[] =>
  allowedActions(c, asActor(user)).filter(
    (a): a is UserAction => (USER_ACTIONS as readonly string[]).includes(a) && !CHANGE_EXCLUDED_ACTIONS.includes(a),
  );

async function present(
  deps: AppDeps,
  data: ScopedData,
  user: SessionUser,
  rows: ReadRow[],
  timeZone: string,
): Promise<ChangeRow[]> {
  // A change is in its contract's lessor's currency: the operator reads changes of companies of several brands.
  const moneyOf = await moneyOfOrgs(deps, data.unscoped('alreadyScoped'));
  const ids = rows.map((r) => r.change.id);
  const lines =
    ids.length === 0
      ? []
      : await data
          .unscoped('alreadyScoped')
          .select({ changeId: contractLines.contractId, op: contractLines.changeOp })
          .from(contractLines)
          .where(inArray(contractLines.contractId, ids))
          .all();
  return rows.map(({ change: c, contractNumber, renterName, createdByName }) => {
    const ops = lines.filter((l) => l.changeId === c.id).map((l) => l.op);
    const kinds: ChangeKind[] = (['add', 'remove', 'reprice'] as const).filter((k) => ops.includes(k));
    if (c.movesEnd) kinds.push('extend');
    return {
      id: c.id,
      number: c.number,
      status: c.status,
      contractId: c.changeOf ?? 0,
      contractNumber: contractNumber ?? '',
      renterName: renterName ?? '',
      effectiveOn: c.startOn,
      endOn: c.endOn,
      movesEnd: c.movesEnd,
      kinds,
      lineCount: ops.length,
      totalCents: c.totalCents,
      createdByName: createdByName ?? '',
      createdAt: formatInZone(c.createdAt, timeZone),
      actions: userMoves(c, user),
      editable: canEdit(c, asActor(user)),
      money: moneyOf(c.lessorOrgId),
    };
  });
}

const SORTS = { number: contracts.number, effectiveOn: contracts.startOn, createdAt: contracts.createdAt };

/** A change's lines with the machine, the model and, for a repricing, the terms it replaces. */
async function linesOf(data: ScopedData, changeId: number): Promise<ChangeLineRow[]> {
  const target = alias(contractLines, 'target');
  return (
    await data
      .unscoped('alreadyScoped')
      .select({ line: contractLines, target, serial: devices.serialNumber, model: nameInSql(deviceModels, data.lang) })
      .from(contractLines)
      .leftJoin(target, eq(target.id, contractLines.targetLineId))
      .leftJoin(devices, eq(devices.id, sql`coalesce(${contractLines.deviceId}, ${target.deviceId})`))
      .leftJoin(deviceModels, eq(deviceModels.id, sql`coalesce(${contractLines.modelId}, ${target.modelId})`))
      .where(eq(contractLines.contractId, changeId))
      .orderBy(contractLines.id)
      .all()
  ).map(({ line, target: t, serial, model }) => ({
    id: line.id,
    op: line.changeOp ?? 'add',
    lineId: line.targetLineId,
    deviceId: line.deviceId ?? t?.deviceId ?? null,
    modelId: line.modelId ?? t?.modelId ?? null,
    serialNumber: serial ?? '',
    modelName: model ?? '',
    count: line.count,
    businessModel: line.businessModel,
    dayCents: line.dayCents,
    monthCents: line.monthCents,
    allowanceTenths: line.allowanceTenths,
    overtimeCents: line.overtimeCents,
    amountCents: line.amountCents,
    before:
      line.changeOp === 'reprice' && t
        ? {
            businessModel: t.businessModel,
            dayCents: t.dayCents,
            monthCents: t.monthCents,
            allowanceTenths: t.allowanceTenths,
            overtimeCents: t.overtimeCents,
          }
        : null,
  }));
}

export const leaseChangeRoutes: RouteDef[] = [
  route(api.list, async ({ query, user, data, deps, timeZone }) => {
    const scope = changeScope(data, user);
    if (!scope) return { list: [], total: 0, page: query.page, pageSize: query.pageSize };
    const column = sortColumn(SORTS, query.sortField) ?? contracts.createdAt;
    const { rows, ...paging } = await listPage(
      data,
      query,
      readRows(data, scope).where(filtersOf(data.dialect, query)),
      [sortDirection(query)(column), desc(contracts.id)],
    );
    return { list: await present(deps, data, user, rows as ReadRow[], timeZone), ...paging };
  }),
  route(api.detail, async ({ query, user, data, deps, timeZone }) => {
    const db = data.unscoped('domainRule');
    const c = await visibleOfKind(db, user, query.id, 'change');
    const row = (await readRows(data, changeScope(data, user)!).where(eq(contracts.id, c.id)).get())!;
    const [base] = await present(deps, data, user, [row as ReadRow], timeZone);
    const of = (await db.select().from(contracts).where(eq(contracts.id, c.changeOf!)).get())!;
    const events = await eventRows(db, c.id);
    const isLessor = user.orgKind === 'lessor' && user.orgId === c.lessorOrgId;
    return {
      ...base!,
      remark: c.remark,
      contractEndOn: of.endOn,
      contractStatus: of.status,
      ruleName: ruleNameOf(c, events),
      lines: await linesOf(data, c.id),
      events: presentEvents(events, timeZone),
      signing: await signingOf(db, c, isLessor, timeZone),
      seals: await sealsFor(data, user, c),
    };
  }),
  route(api.options, async ({ query, user, data, deps }) => {
    const scope = data.narrow(data.orgScope(contracts.lessorOrgId), contractsVisibleTo(user) || undefined);
    // A change is written by the contract's lessor, the user's company, in its brand's currency (decision 064).
    const { money } = await orgBrand(deps, data.unscoped('domainRule'), user.orgId);
    if (!writesContracts(user)) return { contracts: [], lines: [], money };
    const running = (
      await data
        .select({
          id: contracts.id,
          number: contracts.number,
          renterName: nameInSql(organisations, data.lang),
          startOn: contracts.startOn,
          endOn: contracts.endOn,
        })
        .from(contracts, scope)
        .leftJoin(organisations, eq(organisations.id, contracts.renterOrgId))
        .where(and(eq(contracts.status, LEASE_STATUS.inExecution), eq(contracts.lessorOrgId, user.orgId)))
        .orderBy(desc(contracts.id))
        .limit(500)
        .all()
    ).map((r) => ({ ...r, renterName: r.renterName ?? '' }));
    const chosen = running.find((r) => r.id === query.contractId);
    const lines = !chosen
      ? []
      : (
          await data
            .unscoped('alreadyScoped')
            .select({ line: contractLines, serial: devices.serialNumber, model: nameInSql(deviceModels, data.lang) })
            .from(contractLines)
            .leftJoin(devices, eq(devices.id, contractLines.deviceId))
            .leftJoin(deviceModels, eq(deviceModels.id, contractLines.modelId))
            .where(and(eq(contractLines.contractId, chosen.id), isNull(contractLines.untilOn)))
            .orderBy(contractLines.id)
            .all()
        ).map(({ line, serial, model }) => ({
          id: line.id,
          serialNumber: serial ?? '',
          modelName: model ?? '',
          count: line.count,
          businessModel: line.businessModel,
          dayCents: line.dayCents,
          monthCents: line.monthCents,
          allowanceTenths: line.allowanceTenths,
          overtimeCents: line.overtimeCents,
          fromOn: line.fromOn,
        }));
    return { contracts: running, lines, money };
  }),
  route(api.create, ({ body, user, data, deps }) => createChange(data.unscoped('domainRule'), user, body, deps.now())),
  route(api.update, async ({ query, body, user, data, deps }) => {
    await updateChange(data.unscoped('domainRule'), user, query.id, body, deps.now(), data.lang);
    return { id: query.id };
  }),
];

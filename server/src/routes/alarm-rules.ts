import { and, asc, eq, inArray } from 'drizzle-orm';
import { nameInSql } from '../lib/org-brand.ts';
import type { ScopedData } from '../lib/data.ts';
import { organisations, users } from '@console/db/schema/accounts';
import { alarmRules } from '@console/db/schema/alarm-rules';
import { DEFAULT_THRESHOLDS } from '@console/contract/codes/alarms';
import { MACHINE_KINDS } from '@console/contract/codes/machine-kinds';
import { alarmRuleEndpoints } from '@console/contract/http/alarm-rules';
import { RULE_EDITORS } from '@console/contract/access/alarm-rules';
import { forgetThresholds, thresholdsOfRow } from '../lib/alarm-thresholds.ts';
import { invalidField, notFound } from '../lib/errors.ts';
import { route, type RouteDef } from '../lib/route.ts';
import type { SessionUser } from '../lib/session.ts';
import { formatInZone } from '../lib/time.ts';

/**
 * The organisations whose rules a user reads: those in scope that own machines (the operator and lessors). An
 * operator's employee or administrator reads every one; a lessor's people their own.
 */
function ruleOrgs(data: ScopedData) {
  return data
    .select({ id: organisations.id, name: nameInSql(organisations, data.lang) })
    .from(organisations, data.orgScope(organisations.id))
    .where(inArray(organisations.kind, ['operator', 'lessor']))
    .orderBy(asc(organisations.id))
    .all();
}

const mayEdit = (user: SessionUser) => (RULE_EDITORS as readonly number[]).includes(user.roleId);

/** An organisation the user may change the rules of, else a refusal on the field. */
async function editableOrg(data: ScopedData, orgId: number): Promise<number> {
  if (!(await ruleOrgs(data)).some((o) => o.id === orgId)) throw invalidField('orgId', 'alarmRules.notOwner');
  return orgId;
}

export const alarmRuleRoutes: RouteDef[] = [
  route(alarmRuleEndpoints.list, async ({ query, user, data, timeZone }) => {
    const orgs = await ruleOrgs(data);
    // A lessor's people land on their own company, the operator's on the operator.
    const orgId = query.orgId ?? (orgs.some((o) => o.id === user.orgId) ? user.orgId : orgs[0]?.id);
    if (orgId === undefined || !orgs.some((o) => o.id === orgId)) throw notFound();
    const rows = await data
      .select({ rule: alarmRules, byName: users.name, byNickname: users.nickname })
      .from(alarmRules, data.orgScope(alarmRules.orgId))
      .leftJoin(users, eq(users.id, alarmRules.updatedBy))
      .where(eq(alarmRules.orgId, orgId))
      .all();
    const byKind = new Map(rows.map((r) => [r.rule.kind, r]));
    return {
      orgId,
      orgs,
      editable: mayEdit(user),
      rules: MACHINE_KINDS.map((kind) => {
        const row = byKind.get(kind);
        return {
          kind,
          configured: row !== undefined,
          ...(row ? thresholdsOfRow(row.rule) : DEFAULT_THRESHOLDS),
          updatedAt: row ? formatInZone(row.rule.updatedAt, timeZone) : null,
          updatedBy: row ? row.byName || row.byNickname || '' : '',
        };
      }),
    };
  }),

  route(alarmRuleEndpoints.save, async ({ body, user, data, deps, setMessage }) => {
    const { kind, load80, load90, load99, tiltDeg, overspeedKmh, lowBatteryPct, offline } = body;
    const values = { load80, load90, load99, tiltDeg, overspeedKmh, lowBatteryPct, offline };
    const stamp = { updatedBy: user.id, updatedAt: new Date(deps.now()) };
    await data.write(async (tx) =>
      tx
        .insert(alarmRules)
        .values({ orgId: await editableOrg(tx, body.orgId), kind, ...values, ...stamp })
        .onConflictDoUpdate({ target: [alarmRules.orgId, alarmRules.kind], set: { ...values, ...stamp } })
        .run(),
    );
    // Ingest judges the next report by the new rule.
    forgetThresholds();
    setMessage('alarmRules.saved');
    return { kind };
  }),

  route(alarmRuleEndpoints.reset, async ({ body, data, setMessage }) => {
    await data.write(async (tx) =>
      tx
        .delete(alarmRules)
        .where(and(eq(alarmRules.orgId, await editableOrg(tx, body.orgId)), eq(alarmRules.kind, body.kind)))
        .run(),
    );
    forgetThresholds();
    setMessage('alarmRules.reset');
    return { kind: body.kind };
  }),
];

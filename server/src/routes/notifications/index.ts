import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  notificationEndpoints,
  type DeliveryRow,
  type NotifyChannel,
  type NotifyRuleRow,
} from '@console/contract/http/notifications';
import { organisations, users } from '@console/db/schema/accounts';
import { devices } from '@console/db/schema/devices';
import { fences } from '@console/db/schema/fences';
import { notificationDeliveries, notificationRules, notifications } from '@console/db/schema/notifications';
import type { ScopedData } from '../../lib/data.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { listPage } from '../../lib/list-page.ts';
import { userNames } from '../../lib/maintenance.ts';
import { route, type RouteDef } from '../../lib/route.ts';
import { orgNames } from '../../lib/scope.ts';
import { keywordIn } from '../../lib/search.ts';
import { formatInZone, wallTimeInZone } from '../../lib/time.ts';
import { RECIPIENT_ROLES } from '@console/contract/http/notifications';
import { forgetRules } from '../../notify/notifier.ts';
import { NOTIFY_EDITORS } from '@console/contract/access/notifications';

/**
 * Notification rules and the delivery log of the signed-in person's own organisation
 * (docs/decisions/071-notifications.md). The operator's people keep the operator's rules, a rental company's its own:
 * a rule names only its organisation's people, fences, customers and machines.
 */

type Rule = typeof notificationRules.$inferSelect;

const ownRules = (data: ScopedData) =>
  data.narrow(data.orgScope(notificationRules.orgId), eq(notificationRules.orgId, data.me.orgId));
const ownDeliveries = (data: ScopedData) =>
  data.narrow(data.orgScope(notificationDeliveries.orgId), eq(notificationDeliveries.orgId, data.me.orgId));

const channelsOf = (rule: Rule): NotifyChannel[] => [...new Set(rule.steps.flatMap((s) => s.channels))];

/** Each rule's sent and failed deliveries. */
async function deliveryCounts(data: ScopedData, ruleIds: number[]) {
  if (ruleIds.length === 0) return new Map<number, { sent: number; failed: number }>();
  const rows = await data
    .select({
      ruleId: notificationDeliveries.ruleId,
      state: notificationDeliveries.state,
      count: sql<number>`count(*)`,
    })
    .from(notificationDeliveries, ownDeliveries(data))
    .where(
      and(inArray(notificationDeliveries.ruleId, ruleIds), inArray(notificationDeliveries.state, ['sent', 'failed'])),
    )
    .groupBy(notificationDeliveries.ruleId, notificationDeliveries.state)
    .all();
  const counts = new Map<number, { sent: number; failed: number }>();
  for (const r of rows) {
    const c = counts.get(r.ruleId!) ?? { sent: 0, failed: 0 };
    c[r.state as 'sent' | 'failed'] = Number(r.count);
    counts.set(r.ruleId!, c);
  }
  return counts;
}

async function ruleRows(data: ScopedData, rules: Rule[], timeZone: string): Promise<NotifyRuleRow[]> {
  const counts = await deliveryCounts(
    data,
    rules.map((r) => r.id),
  );
  const people = await userNames(
    data,
    rules.map((r) => r.updatedBy),
  );
  const customers = await orgNames(
    data,
    rules.map((r) => r.customerOrgId),
  );
  const fenceIds = rules.map((r) => r.fenceId).filter((id): id is number => id !== null);
  const fenceNames = new Map(
    fenceIds.length === 0
      ? []
      : (
          await data
            .select({ id: fences.id, name: fences.name })
            .from(fences, data.orgScope(fences.orgId))
            .where(inArray(fences.id, fenceIds))
            .all()
        ).map((f) => [f.id, f.name]),
  );
  return rules.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    events: r.events,
    minLevel: r.minLevel,
    selector: r.selector,
    selects:
      r.selector === 'kind'
        ? (r.kind ?? '')
        : r.selector === 'fence'
          ? (fenceNames.get(r.fenceId!) ?? '')
          : r.selector === 'customer'
            ? (customers.get(r.customerOrgId!) ?? '')
            : r.selector === 'list'
              ? String(r.deviceIds.length)
              : '',
    channels: channelsOf(r),
    steps: r.steps.length,
    quietHours: r.quietStart ? `${r.quietStart}–${r.quietEnd}` : '',
    failed: counts.get(r.id)?.failed ?? 0,
    sent: counts.get(r.id)?.sent ?? 0,
    updatedAt: formatInZone(r.updatedAt, timeZone),
    updatedByName: people.get(r.updatedBy) ?? '',
  }));
}

const mayEdit = (roleId: number) => (NOTIFY_EDITORS as readonly number[]).includes(roleId);

export const notificationRoutes: RouteDef[] = [
  route(notificationEndpoints.rules, async ({ data, query, user, timeZone }) => {
    const rows = data
      .select()
      .from(notificationRules, ownRules(data))
      .where(keywordIn(data.dialect, [notificationRules.name], query.keyword));
    const page = await listPage(data, query, rows, [desc(notificationRules.updatedAt), desc(notificationRules.id)]);
    return { ...page, list: await ruleRows(data, page.rows, timeZone), editable: mayEdit(user.roleId) };
  }),

  route(notificationEndpoints.rule, async ({ data, query, timeZone }) => {
    const rule = await data
      .select()
      .from(notificationRules, ownRules(data))
      .where(eq(notificationRules.id, query.id))
      .get();
    if (!rule) throw notFound();
    const [row] = await ruleRows(data, [rule], timeZone);
    return {
      rule: row!,
      form: {
        id: rule.id,
        name: rule.name,
        enabled: rule.enabled,
        events: rule.events as never,
        minLevel: rule.minLevel,
        selector: rule.selector,
        ...(rule.kind ? { kind: rule.kind as never } : {}),
        ...(rule.fenceId ? { fenceId: rule.fenceId } : {}),
        ...(rule.customerOrgId ? { customerOrgId: rule.customerOrgId } : {}),
        deviceIds: rule.deviceIds,
        offlineMinutes: rule.offlineMinutes,
        steps: rule.steps,
        webhookUrl: rule.webhookUrl,
        quietStart: rule.quietStart,
        quietEnd: rule.quietEnd,
        dampingMinutes: rule.dampingMinutes,
        digestThreshold: rule.digestThreshold,
      },
      webhookSecretHint: rule.webhookSecret ? `${rule.webhookSecret.slice(0, 6)}…` : '',
    };
  }),

  route(notificationEndpoints.choices, async ({ data, query }) => {
    const me = data.me;
    const fenceRows = await data
      .select({ id: fences.id, name: fences.name })
      .from(fences, data.narrow(data.orgScope(fences.orgId), eq(fences.orgId, me.orgId)))
      .orderBy(fences.id)
      .limit(200)
      .all();
    const customers = await data
      .select({ id: organisations.id })
      .from(organisations, data.orgScope(organisations.id))
      .where(and(eq(organisations.kind, 'customer'), eq(organisations.parentId, me.orgId)))
      .orderBy(organisations.id)
      .limit(200)
      .all();
    const names = await orgNames(
      data,
      customers.map((c) => c.id),
    );
    const people = await data
      .select({ id: users.id, name: users.name, nickname: users.nickname, roleId: users.roleId })
      .from(users, data.narrow(data.orgScope(users.orgId), eq(users.orgId, me.orgId)))
      .where(and(eq(users.disabled, false), inArray(users.roleId, [...RECIPIENT_ROLES])))
      .orderBy(users.id)
      .limit(500)
      .all();
    const machines = await data
      .select({ id: devices.id, serialNumber: devices.serialNumber, name: devices.deviceName })
      .from(devices, data.narrow(data.deviceScope(), eq(devices.orgId, me.orgId)))
      .where(keywordIn(data.dialect, [devices.serialNumber, devices.deviceName], query.keyword))
      .orderBy(devices.id)
      .limit(50)
      .all();
    return {
      fences: fenceRows,
      customers: customers.map((c) => ({ id: c.id, name: names.get(c.id) ?? '' })),
      users: people.map((p) => ({ id: p.id, name: p.name || p.nickname, roleId: p.roleId })),
      machines,
    };
  }),

  route(notificationEndpoints.save, async ({ data, body, deps, setMessage }) => {
    const me = data.me;
    const now = new Date(deps.now());
    const result = await data.write(async (tx) => {
      // What the rule names must be the organisation's own.
      if (body.selector === 'fence') {
        const fence = await tx
          .select({ id: fences.id })
          .from(fences, tx.narrow(tx.orgScope(fences.orgId), eq(fences.orgId, me.orgId)))
          .where(eq(fences.id, body.fenceId!))
          .get();
        if (!fence) throw invalidField('fenceId', 'notifications.fenceRequired');
      }
      if (body.selector === 'customer') {
        const customer = await tx
          .select({ id: organisations.id })
          .from(organisations, tx.orgScope(organisations.id))
          .where(and(eq(organisations.id, body.customerOrgId!), eq(organisations.parentId, me.orgId)))
          .get();
        if (!customer) throw invalidField('customerOrgId', 'notifications.customerRequired');
      }
      const deviceIds = body.selector === 'list' ? [...new Set(body.deviceIds)] : [];
      if (deviceIds.length > 0) {
        const seen = await tx
          .select({ id: devices.id })
          .from(devices, tx.narrow(tx.deviceScope(), eq(devices.orgId, me.orgId)))
          .where(inArray(devices.id, deviceIds))
          .all();
        if (seen.length !== deviceIds.length) throw invalidField('deviceIds', 'notifications.machinesRequired');
      }
      const named = [...new Set(body.steps.flatMap((s) => s.userIds))];
      if (named.length > 0) {
        const found = await tx
          .select({ id: users.id })
          .from(users, tx.narrow(tx.orgScope(users.orgId), eq(users.orgId, me.orgId)))
          .where(inArray(users.id, named))
          .all();
        if (found.length !== named.length) throw invalidField('steps', 'notifications.recipientUnknown');
      }
      if (body.steps.some((s) => s.roles.some((r) => !(RECIPIENT_ROLES as readonly number[]).includes(r))))
        throw invalidField('steps', 'notifications.recipientUnknown');
      const values = {
        name: body.name,
        enabled: body.enabled,
        events: body.events,
        minLevel: body.minLevel,
        selector: body.selector,
        kind: body.selector === 'kind' ? body.kind! : null,
        fenceId: body.selector === 'fence' ? body.fenceId! : null,
        customerOrgId: body.selector === 'customer' ? body.customerOrgId! : null,
        deviceIds,
        offlineMinutes: body.offlineMinutes,
        steps: body.steps,
        webhookUrl: body.webhookUrl,
        quietStart: body.quietStart,
        quietEnd: body.quietEnd,
        dampingMinutes: body.dampingMinutes,
        digestThreshold: body.digestThreshold,
        updatedBy: me.id,
        updatedAt: now,
      };
      const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
      if (body.id === undefined) {
        const secret = body.webhookUrl ? newSecret() : '';
        const [row] = await tx
          .insert(notificationRules)
          .values({ ...values, orgId: me.orgId, webhookSecret: secret, createdBy: me.id, createdAt: now })
          .returning({ id: notificationRules.id });
        return { id: row!.id, webhookSecret: secret };
      }
      const rule = await tx
        .select()
        .from(notificationRules, ownRules(tx))
        .where(eq(notificationRules.id, body.id))
        .get();
      if (!rule) throw notFound();
      // A new address gets a new secret (answered once); the same address keeps its receiver's secret.
      const secret = body.webhookUrl && (body.webhookUrl !== rule.webhookUrl || !rule.webhookSecret) ? newSecret() : '';
      await tx
        .update(notificationRules)
        .set({ ...values, ...(secret || !body.webhookUrl ? { webhookSecret: secret } : {}) })
        .where(eq(notificationRules.id, rule.id));
      return { id: rule.id, webhookSecret: secret };
    });
    // The notifier reads the organisation's rules again at its next event.
    forgetRules(deps, me.orgId);
    setMessage('notifications.saved');
    return result;
  }),

  route(notificationEndpoints.remove, async ({ data, body, deps, setMessage }) => {
    await data.write(async (tx) => {
      const rule = await tx
        .select()
        .from(notificationRules, ownRules(tx))
        .where(eq(notificationRules.id, body.id))
        .get();
      if (!rule) throw notFound();
      await tx.delete(notificationRules).where(eq(notificationRules.id, rule.id));
      // Its notifications stop escalating; the log keeps them.
      await tx
        .update(notifications)
        .set({ nextStepAt: null })
        .where(and(eq(notifications.ruleId, rule.id), eq(notifications.orgId, rule.orgId)));
    });
    forgetRules(deps, data.me.orgId);
    setMessage('notifications.deleted');
    return { id: body.id };
  }),

  route(notificationEndpoints.deliveries, async ({ data, query, timeZone }) => {
    const at = (text: string | undefined) => {
      if (!text) return undefined;
      const ms = wallTimeInZone(text, timeZone);
      return Number.isFinite(ms) ? new Date(ms) : undefined;
    };
    const from = at(query.from);
    const to = at(query.to);
    const filters: (SQL | undefined)[] = [
      query.ruleId === undefined ? undefined : eq(notificationDeliveries.ruleId, query.ruleId),
      query.channel ? eq(notificationDeliveries.channel, query.channel) : undefined,
      query.state ? eq(notificationDeliveries.state, query.state) : undefined,
      query.event ? eq(notifications.event, query.event) : undefined,
      from ? gte(notificationDeliveries.createdAt, from) : undefined,
      to ? lte(notificationDeliveries.createdAt, to) : undefined,
      keywordIn(
        data.dialect,
        [notificationDeliveries.recipient, notificationDeliveries.address, notifications.title],
        query.keyword,
      ),
    ];
    const rows = data
      .select({ d: notificationDeliveries, n: notifications, ruleName: notificationRules.name })
      .from(notificationDeliveries, ownDeliveries(data))
      .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
      .leftJoin(notificationRules, eq(notificationRules.id, notificationDeliveries.ruleId))
      .where(and(...filters));
    const page = await listPage(data, query, rows, [
      desc(notificationDeliveries.createdAt),
      desc(notificationDeliveries.id),
    ]);
    const when = (d: Date | null) => (d ? formatInZone(d, timeZone) : '');
    const list: DeliveryRow[] = page.rows.map(({ d, n, ruleName }) => ({
      id: d.id,
      notificationId: n.id,
      ruleId: d.ruleId,
      ruleName: ruleName ?? '',
      event: n.event,
      title: n.title,
      step: d.step,
      channel: d.channel,
      recipient: d.recipient,
      address: d.channel === 'webhook' ? d.address.replace(/\?.*$/, '') : d.address,
      state: d.state,
      attempts: d.attempts,
      answer: d.answer,
      createdAt: when(d.createdAt),
      sentAt: when(d.sentAt),
      secondsToDelivery: d.sentAt ? Math.max(0, (d.sentAt.getTime() - n.createdAt.getTime()) / 1000) : null,
      acknowledgedAt: when(n.acknowledgedAt),
      acknowledgedBy: n.acknowledgedBy,
      acknowledgeable: n.ruleId !== null && !n.acknowledgedAt && !n.clearedAt,
    }));
    return { ...page, list };
  }),

  route(notificationEndpoints.acknowledge, async ({ data, body, deps, user, setMessage }) => {
    await data.write(async (tx) => {
      const n = await tx
        .select()
        .from(notifications, tx.narrow(tx.orgScope(notifications.orgId), eq(notifications.orgId, data.me.orgId)))
        .where(eq(notifications.id, body.notificationId))
        .get();
      if (!n || n.ruleId === null) throw notFound();
      if (n.acknowledgedAt) return;
      await tx
        .update(notifications)
        .set({ acknowledgedAt: new Date(deps.now()), acknowledgedBy: user.name || user.nickname, nextStepAt: null })
        .where(eq(notifications.id, n.id));
    });
    setMessage('notifications.acknowledged');
    return { id: body.notificationId };
  }),
];

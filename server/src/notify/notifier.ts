import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { LiveEvent } from '@console/contract/http/live';
import type { AlarmType } from '@console/contract/codes/alarms';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { translate, type Lang } from '@console/contract/messages/translate';
import { users } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { contracts } from '@console/db/schema/lease';
import { workOrders } from '@console/db/schema/work-orders';
import { notificationRules, notifications } from '@console/db/schema/notifications';
import { alarms } from '@console/db/schema/warning';
import { alarmInfo, alarmTypeLabel } from '../lib/alarm-text.ts';
import type { AppDeps } from '../lib/deps.ts';
import { orgTimeZone } from '../lib/org-day.ts';
import { orgBrand } from '../lib/org-brand.ts';
import { formatInZone } from '../lib/time.ts';
import { smsAddress } from './channels.ts';
import {
  deliver,
  deliveriesSettled,
  newAckToken,
  recentByAddress,
  RECIPIENT_LIMIT,
  retryDue,
  type NewDelivery,
  type NotifyDeps,
} from './deliver.ts';
import { inQuietHours, ruleMatches, URGENT_LEVEL, type EventFacts, type RuleRow } from './match.ts';

/**
 * The notifier (docs/decisions/071-notifications.md): it hears the live events every process already publishes
 * (alarms opened and cleared, commands that failed, contracts waiting for a signature), finds the organisation's rules
 * that name them, and sends each rule's first step; the scheduler (startNotifyScheduler) sends the later steps when
 * their time comes on the server's clock, retries failed deliveries and sends digests. Events are handled one after
 * another, so the damping and digest counts each sees include the ones before it.
 */

type NotificationRow = typeof notifications.$inferSelect;

/** A digest gathers the alarms of a rule over this long, and is sent when it ends. */
export const DIGEST_WINDOW_MS = 60_000;

/** What a rule is told of, with the words to tell it in. */
export interface RaisedEvent extends EventFacts {
  orgId: number;
  alarmId?: number | null;
  /** The people it is addressed to (a work order's technician): a step's role they have reaches them alone. */
  addressees?: number[];
  /** Each one is news (a work order given to someone): not damped as a flapping condition of its machine is. */
  undamped?: boolean;
  /** When the event began (an offline alarm is told once it has lasted the rule's minutes from here). */
  at: number;
  words: (lang: Lang, timeZone: string) => { title: string; text: string };
}

const langOfDial = (dialCode: string): Lang => (dialCode === '86' ? 'zh_CN' : 'en_US');

async function orgWords(deps: AppDeps, orgId: number) {
  const [brand, timeZone] = await Promise.all([orgBrand(deps, deps.dbh.db, orgId), orgTimeZone(deps.dbh.db, orgId)]);
  return { lang: langOfDial(brand.dialCode), timeZone };
}

/**
 * Each organisation's rules, read once and kept until one of them is saved or deleted (forgetRules): an alarm storm
 * asks the database for none. Kept per database handle (one per process, one per test app); rules are only written
 * by the rules' routes of the same process.
 */
const ruleCaches = new WeakMap<object, Map<number, Promise<RuleRow[]>>>();

function ruleCache(deps: Pick<AppDeps, 'dbh'>): Map<number, Promise<RuleRow[]>> {
  let cache = ruleCaches.get(deps.dbh);
  if (!cache) {
    cache = new Map();
    ruleCaches.set(deps.dbh, cache);
  }
  return cache;
}

/** An organisation's rules (enabled or not), from the cache. */
export async function rulesOf(deps: Pick<AppDeps, 'dbh'>, orgId: number): Promise<RuleRow[]> {
  const cache = ruleCache(deps);
  let rules = cache.get(orgId);
  if (!rules) {
    const reading = deps.dbh.db.select().from(notificationRules).where(eq(notificationRules.orgId, orgId)).all();
    rules = reading;
    cache.set(orgId, reading);
    // A failed read is not kept: the next event reads again.
    reading.catch(() => {
      if (cache.get(orgId) === reading) cache.delete(orgId);
    });
  }
  return await rules;
}

/** A rule of the organisation was created, edited or deleted: its rules are read again at the next event. */
export function forgetRules(deps: Pick<AppDeps, 'dbh'>, orgId: number): void {
  ruleCache(deps).delete(orgId);
}

/** Raise an event: every matching rule of its organisation gets a notification (or a digest's count, or nothing). */
export async function raise(deps: AppDeps, event: RaisedEvent): Promise<number[]> {
  const { db } = deps.dbh;
  const rules = await rulesOf(deps, event.orgId);
  const matching = rules.filter((r) => ruleMatches(r, event));
  if (matching.length === 0) return [];
  const { lang, timeZone } = await orgWords(deps, event.orgId);
  const words = event.words(lang, timeZone);
  const now = deps.now();
  const made: number[] = [];
  for (const rule of matching) {
    if (await damped(deps, rule, event, now)) continue;
    if (await intoDigest(deps, rule, event, now, lang)) continue;
    const delay = event.event === 'offline' ? rule.offlineMinutes * 60_000 : 0;
    const n = await db
      .insert(notifications)
      .values({
        orgId: rule.orgId,
        ruleId: rule.id,
        event: event.event,
        level: event.level,
        deviceId: event.machine?.id ?? null,
        alarmId: event.alarmId ?? null,
        addressees: event.addressees ?? [],
        title: words.title,
        text: words.text,
        step: 0,
        nextStepAt: new Date(Math.max(now, event.at + delay)),
        ackToken: newAckToken(),
        createdAt: new Date(now),
      })
      .returning()
      .get();
    made.push(n.id);
    if (delay === 0) await sendDueStep(deps, n.id);
  }
  return made;
}

/** A flapping condition: the rule told of this machine's event within its damping window already. */
async function damped(deps: AppDeps, rule: RuleRow, event: RaisedEvent, now: number): Promise<boolean> {
  if (rule.dampingMinutes === 0 || !event.machine || event.undamped) return false;
  const earlier = await deps.dbh.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.ruleId, rule.id),
        eq(notifications.deviceId, event.machine.id),
        eq(notifications.event, event.event),
        gt(notifications.createdAt, new Date(now - rule.dampingMinutes * 60_000)),
      ),
    )
    .limit(1)
    .get();
  return earlier !== undefined;
}

/**
 * More than the rule's threshold of notifications within a minute: this event is counted in the rule's digest
 * instead (one waiting to be sent, or a new one sent when its minute ends).
 */
async function intoDigest(deps: AppDeps, rule: RuleRow, event: RaisedEvent, now: number, lang: Lang) {
  const { db } = deps.dbh;
  const recent = await db
    .select({ count: sql<number>`count(*)` })
    .from(notifications)
    .where(
      and(
        eq(notifications.ruleId, rule.id),
        eq(notifications.digestCount, 0),
        gt(notifications.createdAt, new Date(now - DIGEST_WINDOW_MS)),
      ),
    )
    .get();
  if (Number(recent?.count ?? 0) < rule.digestThreshold) return false;
  const waiting = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.ruleId, rule.id), gt(notifications.digestCount, 0), eq(notifications.step, 0)))
    .limit(1)
    .get();
  if (waiting) {
    const count = waiting.digestCount + 1;
    await db
      .update(notifications)
      .set({ digestCount: count, text: translate(lang, 'notify.digestText', { count, rule: rule.name }) })
      .where(eq(notifications.id, waiting.id))
      .run();
    return true;
  }
  await db
    .insert(notifications)
    .values({
      orgId: rule.orgId,
      ruleId: rule.id,
      event: event.event,
      level: event.level,
      digestCount: 1,
      title: translate(lang, 'notify.digestTitle', { rule: rule.name }),
      text: translate(lang, 'notify.digestText', { count: 1, rule: rule.name }),
      step: 0,
      nextStepAt: new Date(now + DIGEST_WINDOW_MS),
      ackToken: newAckToken(),
      createdAt: new Date(now),
    })
    .run();
  return true;
}

/**
 * The people a step names (by role or by name, of the organisation), with their addresses. For an event addressed to
 * some people (a work order's technician, who may be the operator's), a role one of them has reaches them alone: a
 * step to the technicians tells the order's technician, not every technician of the company.
 */
async function stepUsers(deps: NotifyDeps, orgId: number, roles: number[], userIds: number[], addressees: number[]) {
  if (roles.length === 0 && userIds.length === 0) return [];
  const rows = await deps.dbh.db
    .select({
      id: users.id,
      orgId: users.orgId,
      roleId: users.roleId,
      name: users.name,
      nickname: users.nickname,
      mobile: users.mobile,
      areaCode: users.areaCode,
      email: users.email,
    })
    .from(users)
    .where(
      and(
        eq(users.disabled, false),
        or(
          and(
            eq(users.orgId, orgId),
            or(
              roles.length > 0 ? inArray(users.roleId, roles) : undefined,
              userIds.length > 0 ? inArray(users.id, userIds) : undefined,
            ),
          ),
          addressees.length > 0 && roles.length > 0
            ? and(inArray(users.id, addressees), inArray(users.roleId, roles))
            : undefined,
        ),
      ),
    )
    .all();
  if (addressees.length === 0) return rows;
  const addressed = rows.filter((r) => addressees.includes(r.id));
  const theirRoles = new Set(addressed.map((r) => r.roleId));
  return rows.filter(
    (r) =>
      addressees.includes(r.id) ||
      (r.orgId === orgId && (userIds.includes(r.id) || (roles.includes(r.roleId) && !theirRoles.has(r.roleId)))),
  );
}

/**
 * Send a notification's step whose time has come, once (the guarded update claims it): its deliveries, then the
 * next step's time. Quiet hours hold back all but urgent events; a recipient past the limit is held back too.
 */
export async function sendDueStep(deps: AppDeps, notificationId: number): Promise<void> {
  const { db } = deps.dbh;
  const now = deps.now();
  const n = await db.select().from(notifications).where(eq(notifications.id, notificationId)).get();
  if (!n?.ruleId || !n.nextStepAt || n.nextStepAt.getTime() > now || n.acknowledgedAt || n.clearedAt) return;
  const rule = (await rulesOf(deps, n.orgId)).find((r) => r.id === n.ruleId);
  const step = rule?.steps[n.step];
  const next = rule?.steps[n.step + 1];
  // Delays count from the first step: the base is this step's time less its own delay.
  const base = n.nextStepAt.getTime() - (step?.delayMinutes ?? 0) * 60_000;
  const claimed = await db
    .update(notifications)
    .set({
      step: n.step + 1,
      nextStepAt: next && n.digestCount === 0 ? new Date(base + next.delayMinutes * 60_000) : null,
    })
    .where(and(eq(notifications.id, n.id), eq(notifications.step, n.step), isNull(notifications.acknowledgedAt)))
    .run();
  if (claimed.changes === 0 || !rule || !step) return;
  const timeZone = await orgTimeZone(db, rule.orgId);
  const quiet = n.level < URGENT_LEVEL && inQuietHours(rule, now, timeZone) ? 'quiet hours' : undefined;
  const people = await stepUsers(deps, rule.orgId, step.roles, step.userIds, n.addressees);
  const list: NewDelivery[] = [];
  for (const channel of step.channels) {
    if (channel === 'webhook') {
      list.push({ channel, userId: null, recipient: rule.name, address: rule.webhookUrl });
      continue;
    }
    for (const p of people) {
      const address =
        channel === 'sms' ? smsAddress(p.areaCode, p.mobile) : channel === 'email' ? p.email : `user:${p.id}`;
      list.push({ channel, userId: p.id, recipient: p.name || p.nickname || p.mobile, address });
    }
    if (channel === 'push') continue;
    for (const c of step.contacts) {
      const address = channel === 'sms' ? (c.mobile ? smsAddress(c.areaCode, c.mobile) : '') : c.email;
      list.push({ channel, userId: null, recipient: c.name, address });
    }
  }
  const counts = await recentByAddress(
    deps,
    list.map((d) => d.address).filter((a) => a !== ''),
  );
  for (const d of list) {
    if (d.address === '') d.suppressed = 'no address';
    else if (quiet) d.suppressed = quiet;
    else if (d.channel !== 'webhook') {
      const count = (counts.get(d.address) ?? 0) + 1;
      counts.set(d.address, count);
      if (count > RECIPIENT_LIMIT) d.suppressed = 'recipient limit';
    }
  }
  await deliver(deps, n, n.step, list, rule.webhookSecret);
}

/** An alarm that ended or was handled: its notifications stop escalating. */
async function cleared(deps: AppDeps, alarmId: number): Promise<void> {
  await deps.dbh.db
    .update(notifications)
    .set({ clearedAt: new Date(deps.now()), nextStepAt: null })
    .where(and(eq(notifications.alarmId, alarmId), isNull(notifications.clearedAt)))
    .run();
}

/** Acknowledge a notification (the console or the link): its escalation stops. Answers false when it was already. */
export async function acknowledge(deps: NotifyDeps, n: NotificationRow, by: string): Promise<boolean> {
  const done = await deps.dbh.db
    .update(notifications)
    .set({ acknowledgedAt: new Date(deps.now()), acknowledgedBy: by, nextStepAt: null })
    .where(and(eq(notifications.id, n.id), isNull(notifications.acknowledgedAt)))
    .run();
  return done.changes > 0;
}

const MACHINE = {
  id: devices.id,
  orgId: devices.orgId,
  kind: devices.kind,
  fenceId: devices.fenceId,
  customerOrgId: devices.customerOrgId,
  serial: devices.serialNumber,
};

async function alarmOpened(deps: AppDeps, alarmId: number): Promise<void> {
  const row = await deps.dbh.db
    .select({ alarm: alarms, machine: MACHINE })
    .from(alarms)
    .innerJoin(devices, eq(devices.id, alarms.deviceId))
    .where(eq(alarms.id, alarmId))
    .get();
  // An alarm that already ended is told too (its end, queued behind this, stops its escalation): a burst of short
  // alarms still counts towards the rule's digest.
  if (!row) return;
  const { alarm, machine } = row;
  await raise(deps, {
    orgId: machine.orgId,
    event: alarm.type,
    level: alarm.level,
    machine,
    alarmId,
    at: alarm.startedAt.getTime(),
    words: (lang, zone) => ({
      title: translate(lang, 'notify.alarmTitle', {
        type: alarmTypeLabel(lang, alarm.type as AlarmType),
        serial: machine.serial,
      }),
      text: translate(lang, 'notify.alarmText', {
        info: alarmInfo(lang, alarm.type as AlarmType, alarm.value, machine.serial, alarm.threshold),
        time: formatInZone(alarm.startedAt, zone),
      }),
    }),
  });
}

async function commandFailed(deps: AppDeps, commandId: string): Promise<void> {
  const row = await deps.dbh.db
    .select({ type: commands.type, machine: MACHINE })
    .from(commands)
    .innerJoin(devices, eq(devices.id, commands.deviceId))
    .where(eq(commands.id, commandId))
    .get();
  if (!row || (row.type !== 'lock' && row.type !== 'unlock')) return;
  const { machine } = row;
  await raise(deps, {
    orgId: machine.orgId,
    event: 'lockFailed',
    level: 2,
    machine,
    at: deps.now(),
    words: (lang) => ({
      title: translate(lang, 'notify.lockFailedTitle', { serial: machine.serial }),
      text: translate(lang, 'notify.lockFailedText', { serial: machine.serial }),
    }),
  });
}

async function contractWaiting(deps: AppDeps, contractId: number): Promise<void> {
  const c = await deps.dbh.db
    .select({ number: contracts.number, lessorOrgId: contracts.lessorOrgId })
    .from(contracts)
    .where(eq(contracts.id, contractId))
    .get();
  if (!c) return;
  await raise(deps, {
    orgId: c.lessorOrgId,
    event: 'contractToSign',
    level: 1,
    machine: null,
    at: deps.now(),
    words: (lang) => ({
      title: translate(lang, 'notify.contractToSignTitle', { contract: c.number }),
      text: translate(lang, 'notify.contractToSignText', { contract: c.number }),
    }),
  });
}

/**
 * A work order was assigned (its live event, addressed to its technician): the order's organisation's rules hear of
 * it for its machine, and a step's technicians are the order's technician.
 */
async function workOrderAssigned(deps: AppDeps, workOrderId: number): Promise<void> {
  const row = await deps.dbh.db
    .select({ order: workOrders, machine: MACHINE })
    .from(workOrders)
    .innerJoin(devices, eq(devices.id, workOrders.deviceId))
    .where(eq(workOrders.id, workOrderId))
    .get();
  if (!row?.order.assigneeId) return;
  const { order, machine } = row;
  const technician = await deps.dbh.db
    .select({ name: users.name, nickname: users.nickname, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, order.assigneeId!))
    .get();
  const who = technician ? technician.name || technician.nickname || technician.mobile : '';
  await raise(deps, {
    orgId: order.orgId,
    event: 'workOrderAssigned',
    level: 2,
    machine,
    addressees: [order.assigneeId!],
    undamped: true,
    at: deps.now(),
    words: (lang) => ({
      title: translate(lang, 'notify.workOrderAssignedTitle', { number: order.number, serial: machine.serial }),
      text: translate(lang, 'notify.workOrderAssignedText', {
        number: order.number,
        title: order.title,
        serial: machine.serial,
        technician: who,
        address: [order.province, order.city, order.district, order.address].join(''),
      }),
    }),
  });
}

/** The notifier of one process: it hears the live hub and works through the events one after another. */
export function startNotifier(deps: AppDeps) {
  let queue: Promise<void> = Promise.resolve();
  const handle = (work: () => Promise<void>, what: string) => {
    queue = queue.then(work).catch((error: unknown) => deps.log('error', `notify: ${what} failed`, error));
  };
  const onLive = (event: LiveEvent) => {
    if (event.type === 'alarm') {
      if (event.state === 'opened') handle(() => alarmOpened(deps, event.wid), `alarm ${event.wid}`);
      else if (event.state === 'ended' || event.state === 'handled')
        handle(() => cleared(deps, event.wid), `alarm ${event.wid}`);
    } else if (event.type === 'command' && (event.state === 'failed' || event.state === 'expired')) {
      handle(() => commandFailed(deps, event.commandId), `command ${event.commandId}`);
    } else if (event.type === 'contract' && event.status === LEASE_STATUS.awaitingLesseeSign) {
      handle(() => contractWaiting(deps, event.id), `contract ${event.id}`);
    } else if (event.type === 'workOrder' && event.state === 'assigned') {
      handle(() => workOrderAssigned(deps, event.id), `work order ${event.id}`);
    }
  };
  // Every organisation's events, also those addressed to some people only: each rule reads its own organisation's.
  const unsubscribe = deps.live.listenAll(onLive);
  return {
    onLive,
    /** Until the events heard so far are handled and the deliveries they started have been attempted. */
    async idle(): Promise<void> {
      let seen: Promise<void>;
      do {
        seen = queue;
        await seen;
        await deliveriesSettled();
      } while (seen !== queue);
    },
    stop: () => unsubscribe(),
  };
}
export type Notifier = ReturnType<typeof startNotifier>;

/** The secret of a rule's webhook, read when a delivery of it is retried. */
async function ruleSecret(deps: NotifyDeps, ruleId: number | null): Promise<string> {
  if (ruleId === null) return '';
  const rule = await deps.dbh.db
    .select({ secret: notificationRules.webhookSecret })
    .from(notificationRules)
    .where(eq(notificationRules.id, ruleId))
    .get();
  return rule?.secret ?? '';
}

/**
 * One pass of the scheduler: steps whose time has come (escalations, delayed offline notices, digests at the end of
 * their minute), then deliveries due to be tried again. Answers how much it started.
 */
export async function runNotifyPass(deps: AppDeps): Promise<number> {
  const due = await deps.dbh.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        isNotNull(notifications.nextStepAt),
        lte(notifications.nextStepAt, new Date(deps.now())),
        isNull(notifications.acknowledgedAt),
        isNull(notifications.clearedAt),
      ),
    )
    .limit(500)
    .all();
  for (const { id } of due) await sendDueStep(deps, id);
  const retried = await retryDue(deps, (ruleId) => ruleSecret(deps, ruleId));
  return due.length + retried;
}

/** The running server's notifier and its scheduler, a pass every `intervalMs` (escalations are due to the second). */
export function startNotifyScheduler(deps: AppDeps, intervalMs = 2000): () => void {
  const notifier = startNotifier(deps);
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const pass = async () => {
    try {
      await runNotifyPass(deps);
    } catch (error) {
      deps.log('error', 'notify: the scheduler pass failed', error);
    }
    if (stopped) return;
    timer = setTimeout(pass, intervalMs);
    timer.unref();
  };
  void pass();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    notifier.stop();
  };
}

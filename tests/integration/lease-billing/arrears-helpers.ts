import { CNY } from '@console/contract/codes/money';
import { and, eq, inArray } from 'drizzle-orm';
import { addDays } from '@console/contract/codes/lease-billing';
import { LEASE_STATUS } from '@console/contract/codes/lease-flow';
import { ROLE } from '@console/contract/codes/roles';
import { riskEndpoints } from '@console/contract/http/risk';
import { issueLessorBills } from '@console/db/billing/issue';
import { organisations } from '@console/db/schema/accounts';
import { commands, devices } from '@console/db/schema/devices';
import { contractLines } from '@console/db/schema/lease';
import { billingZones, bills } from '@console/db/schema/lease-billing';
import { arrearsExemptions } from '@console/db/schema/risk';
import type { EmbeddedBroker } from '@console/server/src/ingest/broker';
import { startIngest, type Ingest } from '@console/server/src/ingest/ingest';
import { createDraft } from '@console/server/src/lease/drafts';
import { approve, submit } from '@console/server/src/lease/review';
import { dayInZone } from '@console/server/src/lib/time';
import { signingFixture, type SigningFixture } from '../../fixtures/lease-signing.ts';
import type { TestApp } from '../../fixtures/test-app.ts';
import { startBroker, wayTo } from '../ingest/helpers.ts';
import { demoUser, freeStock, storeOf } from '../lease/helpers.ts';
import { withoutLockTasks } from '../risk/helpers.ts';
import { handOver, orgOf, withoutSeededBilling } from './helpers.ts';

export const DAY = 24 * 3600_000;
/** The rental company's billing zone in these tests: its day differs from Beijing's in the evening UTC. */
export const ZONE = 'America/New_York';
export const RENTER_PHONE = '13900009911';
/** Days of rent the overdue bill charges for each of the two machines. */
const BILLED_DAYS = 5;

/** Steps on days 1 (reminder), 3, 4, 8 and 10 overdue. */
export const arrearsSettings = (orgId: number, extra = {}) => ({
  orgId,
  enabled: false,
  preLockDays: 0,
  intervalDays: 3,
  mode: 1 as const,
  arrearsEnabled: true,
  arrearsReminderDays: 1,
  arrearsPreLock1Days: 3,
  arrearsLock1Days: 4,
  arrearsPreLock2Days: 8,
  arrearsLock2Days: 10,
  arrearsUnlockOnPayment: true,
  ...extra,
});

export interface ArrearsLease {
  contractId: number;
  renterId: number;
  lessorId: number;
  /** The two machines on lease (aerial platforms, offline, unlocked, standing by: risk permission). */
  machines: number[];
  /** The company's calendar day now. */
  today: () => string;
  /** The contract's one bill, due `overdue` days before today (null when none was asked for). */
  bill: number | null;
}

/**
 * Two free aerial platforms of the lessor that are offline and awake, unlocked, and have had no command: a machine
 * the simulator left in that state, so nothing of it needs writing.
 */
async function quietMachines(t: TestApp, lessorId: number): Promise<number[]> {
  const free = (await freeStock(t, lessorId, Number.MAX_SAFE_INTEGER)).map((m) => m.id);
  const commanded = new Set((await t.dbh.db.select({ id: commands.deviceId }).from(commands).all()).map((c) => c.id));
  const quiet = (
    await t.dbh.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          inArray(devices.id, free),
          eq(devices.kind, 'aerialPlatform'),
          eq(devices.online, false),
          eq(devices.sleeping, false),
          eq(devices.status, 2),
          eq(devices.lockLevel, 'unlocked'),
        ),
      )
      .orderBy(devices.id)
      .all()
  )
    .map((d) => d.id)
    .filter((id) => !commanded.has(id));
  if (quiet.length < 2) throw new Error('fewer than two quiet machines in stock');
  return quiet.slice(-2);
}

/**
 * A contract of the demo lessor (Huadong) with the demo customer, made as people make it (written, approved and
 * signed), its two machines delivered by a confirmed entry, and nothing else billed or locked anywhere (the seed's
 * bills, lock tasks and arrears steps are forgotten). The lessor bills on New York time and locks for arrears by
 * `arrearsSettings`, and (unless `evening` is false) the clock then stands at 01:00 UTC (New York's evening,
 * Beijing's next morning), so the company's day is one behind Beijing's.
 *
 * With `overdue`, the billing run has issued the contract's one bill so far, due that many days before the
 * company's today and charging `amountCents` (300,000 by default): the contract bills on the day of the month that
 * makes it so, its machines delivered five days before.
 */
export async function arrearsLease(
  f: SigningFixture,
  options: { evening?: boolean; overdue?: number; amountCents?: number } = {},
): Promise<ArrearsLease> {
  const { t } = f;
  const { db } = t.dbh;
  await withoutSeededBilling(t);
  await withoutLockTasks(t.dbh);
  await db.delete(arrearsExemptions).run();
  const lessorId = await orgOf(t, ROLE.lessorAdmin);
  const renterId = await orgOf(t, ROLE.other);
  await db
    .insert(billingZones)
    .values({ lessorOrgId: lessorId, timeZone: ZONE })
    .onConflictDoUpdate({ target: billingZones.lessorOrgId, set: { timeZone: ZONE } })
    .run();
  // Only this company's arrears locking (withoutLockTasks left the other companies' settings off).
  const save = await t.call(riskEndpoints.saveLockDays, {
    token: await t.tokenFor(ROLE.lessorAdmin),
    body: arrearsSettings(lessorId),
  });
  if (save.status !== '200') throw new Error(`settings: ${save.status} ${save.message}`);

  const now = t.deps.now();
  const nextOneAm = Math.ceil((now - 3600_000) / DAY) * DAY + 3600_000;
  const at = options.evening === false ? now : nextOneAm + DAY;
  const today = dayInZone(at, ZONE);
  // The bill: issued on a billing day (1-28) so that it falls due `overdue` days ago, for the days since delivery.
  let terms = { startOn: addDays(today, -10), billingDay: 1, dueDays: 10, issuedOn: null as string | null };
  if (options.overdue !== undefined) {
    const due = addDays(today, -options.overdue);
    let dueDays = 2;
    while (Number(addDays(due, -dueDays).slice(8)) > 28) dueDays += 1;
    const issuedOn = addDays(due, -dueDays);
    terms = { startOn: addDays(issuedOn, -BILLED_DAYS), billingDay: Number(issuedOn.slice(8)), dueDays, issuedOn };
  }
  const dayCents = (options.amountCents ?? 300_000) / (2 * BILLED_DAYS);
  const machines = await quietMachines(t, lessorId);
  const admin = await demoUser(t, ROLE.lessorAdmin);
  const { id } = await createDraft(
    db,
    admin,
    {
      renterId,
      storeId: await storeOf(t, lessorId),
      startOn: terms.startOn,
      endOn: addDays(today, 60),
      siteAddress: '张江路1号',
      billingDay: terms.billingDay,
      dueDays: terms.dueDays,
      lines: machines.map((deviceId) => ({ deviceId, businessModel: 23, dayCents })),
    },
    now,
  );
  if ((await submit(db, admin, id, now, CNY)).status === LEASE_STATUS.pendingReview) await approve(db, admin, id, now);
  // Signed; then the evening comes.
  await f.sign(id);
  if (at > t.deps.now()) t.advance(at - t.deps.now());
  const lines = await db.select().from(contractLines).where(eq(contractLines.contractId, id)).all();
  await handOver(
    t,
    'entry',
    id,
    lines.map((l) => ({ lineId: l.id, deviceId: l.deviceId! })),
    terms.startOn,
  );
  let bill: number | null = null;
  if (terms.issuedOn !== null) {
    const issued = await issueLessorBills(db, lessorId, terms.issuedOn, id);
    if (issued.bills !== 1) throw new Error(`expected one bill on ${terms.issuedOn}, issued ${issued.bills}`);
    bill = (await db.select().from(bills).where(eq(bills.contractId, id)).get())!.id;
  }
  // Where the reminders go: set once the contract is running, so the signing's messages are not counted.
  await db.update(organisations).set({ contactPhone: RENTER_PHONE }).where(eq(organisations.id, renterId)).run();
  return { contractId: id, renterId, lessorId, machines, today: () => dayInZone(t.deps.now(), ZONE), bill };
}

/**
 * A signing fixture whose server also has the embedded broker and its ingest attached (the command queue's way to
 * the machines, as in the server): machines played over MQTT take their commands and report.
 */
export async function arrearsRig() {
  const f = await signingFixture();
  const broker: EmbeddedBroker = await startBroker(f.t.dbh);
  const ingest: Ingest = startIngest(f.t.deps, { ...wayTo(broker, 'feed'), flushMs: 20 });
  f.t.deps.ingest = ingest;
  await ingest.ready;
  return {
    f,
    t: f.t,
    broker,
    ingest,
    async close() {
      await ingest.stop();
      await broker.close();
      await f.close();
    },
  };
}

/** The lock and unlock commands of machines, oldest first: [deviceId, type, level, state]. */
export const lockCommands = async (t: TestApp, deviceIds: number[]) =>
  (
    await t.dbh.db
      .select()
      .from(commands)
      .where(and(inArray(commands.deviceId, deviceIds), inArray(commands.type, ['lock', 'unlock'])))
      .orderBy(commands.createdAt, commands.deviceId)
      .all()
  ).map((c) => [c.deviceId, c.type, c.type === 'lock' ? c.lockLevel : 'unlocked', c.state] as const);

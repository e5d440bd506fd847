import type { Faker } from '@faker-js/faker';
import type { ExpenseType } from '@console/contract/codes/device-records';
import type { Db } from '../client.ts';
import { deviceExpenses } from '../schema/device-records.ts';
import { users } from '../schema/accounts.ts';
import { deviceLogs, devices, operationLogs } from '../schema/devices.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** Machines with a full connection history (the rest get the event that led to their current state). */
const HISTORY_MACHINES = 120;
const HISTORY_DAYS = 45;

const EXPENSE_RANGES: Record<ExpenseType, [number, number]> = {
  maintenance: [200, 8000],
  violation: [100, 2000],
  insurance: [2000, 20000],
};

type LogRow = typeof deviceLogs.$inferInsert;

/**
 * A machine's days as ingest would have logged them: on line in the morning, asleep in the evening and woken
 * twelve hours later, now and then a lost connection or a fault that clears.
 */
function history(f: Faker, deviceId: number, until: number): LogRow[] {
  const rows: LogRow[] = [];
  const log = (event: string, at: number, detail = '') => rows.push({ deviceId, event, detail, at: new Date(at) });
  for (let day = HISTORY_DAYS; day >= 1; day--) {
    const morning = until - day * DAY + f.number.int({ min: 0, max: 30 }) * 60_000;
    log('wake', morning);
    if (f.number.float() < 0.15) {
      const lost = morning + f.number.int({ min: 1, max: 8 }) * HOUR;
      log('offline', lost, f.helpers.arrayElement(['lost', 'silent']));
      log('online', lost + f.number.int({ min: 2, max: 50 }) * 60_000);
    }
    if (f.number.float() < 0.1) {
      const fault = morning + f.number.int({ min: 1, max: 9 }) * HOUR;
      log('fault', fault, f.helpers.arrayElement(['E01', 'E12', 'E21', 'E33']));
      log('faultCleared', fault + f.number.int({ min: 5, max: 90 }) * 60_000);
    }
    log('sleep', morning + 12 * HOUR);
  }
  return rows;
}

/** The device log of the demo fleet and the expenses of about a third of its machines. */
export async function seedDeviceRecords(db: Db, f: Faker, now: number): Promise<void> {
  const fleet = await db
    .select({
      id: devices.id,
      orgId: devices.orgId,
      online: devices.online,
      sleeping: devices.sleeping,
      lastReportAt: devices.lastReportAt,
    })
    .from(devices)
    .orderBy(devices.id)
    .all();
  // Who recorded the seeded expenses: the first user of the owning company.
  const recorder = new Map<number, number>();
  for (const u of await db.select({ id: users.id, orgId: users.orgId }).from(users).orderBy(users.id).all()) {
    if (!recorder.has(u.orgId)) recorder.set(u.orgId, u.id);
  }
  const logs: LogRow[] = [];
  const expenses: (typeof deviceExpenses.$inferInsert)[] = [];
  const operations: (typeof operationLogs.$inferInsert)[] = [];
  fleet.forEach((d, index) => {
    const last = d.lastReportAt?.getTime() ?? now - DAY;
    // Before the latest event: the history ends a day earlier so the two never overlap.
    if (index < HISTORY_MACHINES) logs.push(...history(f, d.id, last - DAY));
    // The event that put the machine in its current state, at its last report.
    if (d.sleeping) logs.push({ deviceId: d.id, event: 'sleep', detail: '', at: new Date(last) });
    else if (!d.online) logs.push({ deviceId: d.id, event: 'offline', detail: 'lost', at: new Date(last) });
    else
      logs.push({
        deviceId: d.id,
        event: 'online',
        detail: '',
        at: new Date(last - f.number.int({ min: 1, max: 72 }) * HOUR),
      });

    if (f.number.float() < 0.35) {
      for (let i = f.number.int({ min: 1, max: 4 }); i > 0; i--) {
        const type = f.helpers.arrayElement(Object.keys(EXPENSE_RANGES) as ExpenseType[]);
        const [min, max] = EXPENSE_RANGES[type];
        const at = now - f.number.int({ min: 0, max: 364 }) * DAY;
        const amountCents = f.number.int({ min: min * 100, max: max * 100 });
        const date = new Date(at).toISOString().slice(0, 10);
        const createdBy = recorder.get(d.orgId) ?? null;
        expenses.push({ deviceId: d.id, orgId: d.orgId, type, amountCents, date, remark: '', createdBy });
        // The operation log holds who recorded it, as the expense endpoints log it.
        operations.push({
          deviceId: d.id,
          userId: createdBy,
          action: 'expense.create',
          detail: JSON.stringify({ type, amount: (amountCents / 100).toFixed(2), date }),
          at: new Date(at),
        });
      }
    }
  });
  await db.transaction(async (tx) => {
    for (let i = 0; i < logs.length; i += 500)
      await tx
        .insert(deviceLogs)
        .values(logs.slice(i, i + 500))
        .run();
    for (let i = 0; i < expenses.length; i += 500)
      await tx
        .insert(deviceExpenses)
        .values(expenses.slice(i, i + 500))
        .run();
    for (let i = 0; i < operations.length; i += 500)
      await tx
        .insert(operationLogs)
        .values(operations.slice(i, i + 500))
        .run();
  });
}

import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { RENEWAL_MONTHS } from '@console/contract/codes/renewals';
import { primaryStatus, type DeviceState } from '@console/contract/codes/device-state';
import { addDaysToDay, addMonthsToDay } from '@console/contract/http/upkeep';
import type { Db } from '../client.ts';
import { orgDay } from '../org-zone.ts';
import { users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { renewalLines, renewalOrders, renewalPrices } from '../schema/renewals.ts';
import { simCards } from '../schema/sim-cards.ts';
import { alarmActions, alarms } from '../schema/warning.ts';
import { GLOBAL_BUSINESS, type DemoOrganisations } from './accounts.ts';
import type { SeedLang } from './business.ts';
import { dayOf } from './maintenance-fleet.ts';
import { forEachInOrder } from '../in-order.ts';

const DAY = 24 * 3600 * 1000;

/**
 * Renewal prices a month in cents per machine and per SIM card, one list per currency a brand bills in (the Chinese
 * brands' yuan, the global brand's Australian dollars at that market's rates); a year costs ten months.
 */
const MONTHLY_CENTS = {
  CNY: { device: 3_000, sim: 1_200 },
  AUD: { device: 900, sim: 400 },
} as const;
type SeedCurrency = keyof typeof MONTHLY_CENTS;

/** The currency of a business's brand: the English business (Northwind, brand liftgo) bills in AUD. */
const currencyOf = (lang: SeedLang): SeedCurrency => (lang === 'en' ? 'AUD' : 'CNY');

/** Days from today to the last day of service of a lessor's demo machines: each renewal window, and two stopped. */
const WINDOW_OFFSETS = [0, 4, 12, 25, -3, -10];

/** The last report of a machine whose service ended on `lastDay`: that evening, or earlier if it fell silent before. */
const lastReportOfStopped = (lastDay: string) => new Date(`${lastDay}T18:00:00+08:00`);

async function silence(tx: Pick<Db, 'select' | 'update' | 'delete'>, deviceId: number, lastDay: string): Promise<void> {
  const { lastReportAt } = (await tx
    .select({ lastReportAt: devices.lastReportAt })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .get())!;
  const stoppedAt = lastReportOfStopped(lastDay);
  const last = lastReportAt && lastReportAt < stoppedAt ? lastReportAt : stoppedAt;
  // No alarm is raised by a unit that no longer reports.
  const later = and(eq(alarms.deviceId, deviceId), gt(alarms.startedAt, last));
  await tx
    .delete(alarmActions)
    .where(inArray(alarmActions.alarmId, tx.select({ id: alarms.id }).from(alarms).where(later)))
    .run();
  await tx.delete(alarms).where(later).run();
  const open = await tx
    .select({ id: alarms.id })
    .from(alarms)
    .where(and(eq(alarms.deviceId, deviceId), isNull(alarms.endedAt)))
    .get();
  const state: DeviceState = {
    online: false,
    machineOnline: false,
    activity: 'stopped',
    lockLevel: 'unlocked',
    alarmOpen: open !== undefined,
  };
  await tx
    .update(devices)
    .set({
      ...state,
      sleeping: false,
      signal: 'none',
      status: primaryStatus(state),
      lastReportAt: last,
      lastDeviceTime: last,
    })
    .where(eq(devices.id, deviceId))
    .run();
}

/**
 * The renewal demo (docs/decisions/044-finance-renewals-ledger.md): the operator's price list; per rental company
 * machines (and their SIM cards) due in every window and stopped, and a renewal history: an order renewed and paid
 * 40 days ago, a SIM card renewed, an order waiting for payment and one cancelled.
 */
export async function seedRenewals(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const today = dayOf(now);
  const userOf = async (orgId: number, roleId: number) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.orgId, orgId), eq(users.roleId, roleId)))
        .orderBy(users.id)
        .get()
    )?.id;
  const finance = (await userOf(orgs.operator, 3)) ?? (await userOf(orgs.operator, 2))!;
  await db.transaction(async (tx) => {
    for (const currency of Object.keys(MONTHLY_CENTS) as SeedCurrency[]) {
      for (const kind of ['device', 'sim'] as const) {
        for (const months of RENEWAL_MONTHS) {
          const priceCents = MONTHLY_CENTS[currency][kind] * (months === 12 ? 10 : months);
          await tx
            .insert(renewalPrices)
            .values({ currency, kind, months, priceCents, updatedBy: finance })
            .onConflictDoNothing()
            .run();
        }
      }
    }
    await forEachInOrder(orgs.lessors, async (orgId, index) => {
      const english = index === GLOBAL_BUSINESS;
      const currency = currencyOf(english ? 'en' : 'zh');
      const monthly = MONTHLY_CENTS[currency];
      const admin = (await userOf(orgId, 5)) ?? finance;
      // The company's newest machines, away from the first ones that carry telemetry.
      const machines = await tx
        .select({ id: devices.id, serial: devices.serialNumber, expiry: devices.serviceExpiresAt })
        .from(devices)
        .where(eq(devices.orgId, orgId))
        .orderBy(desc(devices.id))
        .limit(WINDOW_OFFSETS.length + 4)
        .all();
      const setExpiry = async (deviceId: number, day: string) => {
        await tx.update(devices).set({ serviceExpiresAt: day }).where(eq(devices.id, deviceId)).run();
        await tx.update(simCards).set({ serviceExpiresAt: day }).where(eq(simCards.deviceId, deviceId)).run();
      };
      // Counted from the company's own today (Sydney's starts before Shanghai's): "due today" is not yet stopped there.
      const companyToday = await orgDay(tx, orgId, now);
      await forEachInOrder(WINDOW_OFFSETS, (offset, i) =>
        setExpiry(machines[i]!.id, addDaysToDay(companyToday, offset)),
      );
      // A machine whose service stopped went silent that day: its unit reports nothing after its last day.
      await forEachInOrder(WINDOW_OFFSETS, async (offset, i) => {
        if (offset < 0) await silence(tx, machines[i]!.id, addDaysToDay(companyToday, offset));
      });
      const order = async (
        values: Omit<typeof renewalOrders.$inferInsert, 'number' | 'orgId' | 'currency'>,
        lines: { itemId: number; label: string; previousExpiry?: string; newExpiry?: string }[],
      ) => {
        const made = await tx
          .insert(renewalOrders)
          .values({ ...values, orgId, currency, number: `seed-${orgId}-${values.createdAt!.getTime()}` })
          .returning()
          .get();
        await tx
          .update(renewalOrders)
          .set({ number: `XF${String(made.id).padStart(8, '0')}` })
          .where(eq(renewalOrders.id, made.id))
          .run();
        const price = values.totalCents / lines.length;
        await tx
          .insert(renewalLines)
          .values(lines.map((l) => ({ orderId: made.id, priceCents: price, ...l })))
          .run();
      };
      // Renewed for a year 40 days ago: their expiry now is the new one.
      const renewed = machines.slice(WINDOW_OFFSETS.length, WINDOW_OFFSETS.length + 2);
      const paidAt = new Date(now - 40 * DAY);
      await order(
        {
          kind: 'device',
          months: 12,
          totalCents: monthly.device * 10 * renewed.length,
          state: 'renewed',
          paymentMethod: 'recorded',
          paymentReference: `TR${dayOf(now - 40 * DAY).replaceAll('-', '')}${orgId}`,
          createdBy: admin,
          createdAt: new Date(now - 41 * DAY),
          settledBy: finance,
          settledAt: paidAt,
        },
        renewed.map((m) => ({
          itemId: m.id,
          label: m.serial,
          newExpiry: m.expiry ?? today,
          previousExpiry: addDaysToDay(addMonthsToDay(addDaysToDay(m.expiry ?? today, 1), -12), -1),
        })),
      );
      const card = await tx
        .select()
        .from(simCards)
        .where(and(eq(simCards.orgId, orgId), inArray(simCards.deviceId, [machines[WINDOW_OFFSETS.length + 2]!.id])))
        .get();
      if (card?.serviceExpiresAt) {
        await order(
          {
            kind: 'sim',
            months: 6,
            totalCents: monthly.sim * 6,
            state: 'renewed',
            paymentMethod: 'recorded',
            createdBy: finance,
            createdAt: new Date(now - 20 * DAY),
            settledBy: finance,
            settledAt: new Date(now - 20 * DAY),
          },
          [
            {
              itemId: card.id,
              label: card.iccid,
              newExpiry: card.serviceExpiresAt,
              previousExpiry: addDaysToDay(addMonthsToDay(addDaysToDay(card.serviceExpiresAt, 1), -6), -1),
            },
          ],
        );
      }
      // Waiting for payment: the machine due within 7 days.
      await order(
        {
          kind: 'device',
          months: 3,
          totalCents: monthly.device * 3,
          state: 'pending',
          createdBy: admin,
          createdAt: new Date(now - DAY),
          note: english ? 'Pay by bank transfer' : '银行转账支付',
        },
        [{ itemId: machines[1]!.id, label: machines[1]!.serial }],
      );
      await order(
        {
          kind: 'device',
          months: 1,
          totalCents: monthly.device,
          state: 'cancelled',
          failure: { key: 'renewal.cancelReason', params: { reason: english ? 'Ordered twice' : '重复下单' } },
          createdBy: admin,
          createdAt: new Date(now - 10 * DAY),
          settledBy: admin,
          settledAt: new Date(now - 10 * DAY + 3600_000),
        },
        [{ itemId: machines[WINDOW_OFFSETS.length + 3]!.id, label: machines[WINDOW_OFFSETS.length + 3]!.serial }],
      );
    });
  });
}

import { and, asc, eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { feedback } from '../schema/feedback.ts';
import type { DemoOrganisations } from './accounts.ts';
import { BUSINESSES, say } from './business.ts';
import { KIND_TEXTS } from './kind-texts.ts';
import { forEachInOrder } from '../in-order.ts';

const HOUR = 3600 * 1000;
/** Pending, resolved and ignored, by position. */
const STATUSES = [1, 1, 2, 3, 1] as const;
const REMARKS = {
  zh: { 2: '已电话指导客户复位', 3: '与前一条反馈重复' },
  en: { 2: 'Talked the customer through a reset by phone', 3: 'Same as an earlier report' },
};

/**
 * Feedback from the first customer of each rental company (the demo customer account belongs to the first's), on
 * machines it leases, in the company's language, about what goes wrong with that kind of machine: pending,
 * resolved and ignored. Feedback turned into a work order, which follows the order (repaired, paid), is seeded
 * with its order (work-orders.ts).
 */
export async function seedFeedback(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  const rows: (typeof feedback.$inferInsert)[] = [];
  await forEachInOrder(BUSINESSES, async ({ lang }, index) => {
    const customer = orgs.customers[index * 3]!;
    const reporter = await db
      .select()
      .from(users)
      .where(and(eq(users.orgId, customer), eq(users.roleId, ROLE.other)))
      .get();
    const admin = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, orgs.lessors[index]!), eq(users.roleId, ROLE.lessorAdmin)))
      .get();
    // Each report says something of its own: a second report on a kind says the next thing that goes wrong with
    // it, and a kind whose troubles are all told gets no more.
    const told = new Map<string, number>();
    const reports = (
      await db
        .select({ id: devices.id, orgId: devices.orgId, kind: devices.kind })
        .from(devices)
        .where(eq(devices.customerOrgId, customer))
        .orderBy(asc(devices.id))
        .limit(40)
        .all()
    )
      .flatMap((m) => {
        const texts = KIND_TEXTS[m.kind].feedback;
        const n = told.get(m.kind) ?? 0;
        told.set(m.kind, n + 1);
        return n < texts.length ? [{ ...m, info: say(lang, texts[n]!) }] : [];
      })
      .slice(0, STATUSES.length);
    reports.forEach(({ info, ...m }, i) => {
      const status = STATUSES[i]!;
      const createdAt = now - (i * 26 + 3) * HOUR;
      rows.push({
        orgId: m.orgId,
        reporterOrgId: customer,
        deviceId: m.id,
        info,
        reporterName: reporter?.name || (lang === 'zh' ? '张敏' : 'Olivia Brown'),
        phone: reporter?.mobile ?? `1390000${String(1000 + i)}`,
        images: [],
        status,
        remark: status === 1 ? '' : REMARKS[lang][status],
        handledBy: status === 1 ? null : (admin?.id ?? null),
        handledAt: status === 1 ? null : new Date(createdAt + 2 * HOUR),
        createdBy: reporter?.id ?? null,
        createdAt: new Date(createdAt),
      });
    });
  });
  if (rows.length) await db.insert(feedback).values(rows).run();
}

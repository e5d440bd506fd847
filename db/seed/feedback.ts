import { and, asc, eq } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import type { Db } from '../client.ts';
import { users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { feedback } from '../schema/feedback.ts';
import type { DemoOrganisations } from './accounts.ts';

const HOUR = 3600 * 1000;
const TEXTS = [
  ['平台升到一半停住，报警灯闪烁', 1],
  ['The machine makes a grinding noise when it turns left', 1],
  ['充电后续航明显变短', 2],
  ['Display shows E07 after the rain', 3],
  ['液压油渗漏，地面有油迹', 1],
] as const;

/**
 * Feedback from the first customer of each of the first two rental companies (the demo customer account belongs
 * to the first), on machines they lease: pending, resolved and ignored. Feedback turned into a work order, which
 * follows the order (repaired, paid), is seeded with its order (work-orders.ts).
 */
export function seedFeedback(db: Db, orgs: DemoOrganisations, now: number): void {
  const rows: (typeof feedback.$inferInsert)[] = [];
  for (const index of [0, 1]) {
    const customer = orgs.customers[index * 3]!;
    const reporter = db
      .select()
      .from(users)
      .where(and(eq(users.orgId, customer), eq(users.roleId, ROLE.other)))
      .get();
    const admin = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.orgId, orgs.lessors[index]!), eq(users.roleId, ROLE.lessorAdmin)))
      .get();
    const machines = db
      .select({ id: devices.id, orgId: devices.orgId })
      .from(devices)
      .where(eq(devices.customerOrgId, customer))
      .orderBy(asc(devices.id))
      .limit(TEXTS.length)
      .all();
    machines.forEach((m, i) => {
      const [info, status] = TEXTS[i]!;
      const createdAt = now - (i * 26 + 3) * HOUR;
      rows.push({
        orgId: m.orgId,
        reporterOrgId: customer,
        deviceId: m.id,
        info: index === 0 ? info : `${info} (#${i + 1})`,
        reporterName: reporter?.name || (i % 2 ? 'Zhang Min' : '张敏'),
        phone: reporter?.mobile ?? `1390000${String(1000 + i)}`,
        images: [],
        status,
        remark:
          status === 1 ? '' : status === 2 ? '已电话指导客户复位 / reset by phone' : 'Duplicate of an earlier report',
        handledBy: status === 1 ? null : (admin?.id ?? null),
        handledAt: status === 1 ? null : new Date(createdAt + 2 * HOUR),
        createdBy: reporter?.id ?? null,
        createdAt: new Date(createdAt),
      });
    });
  }
  if (rows.length) db.insert(feedback).values(rows).run();
}

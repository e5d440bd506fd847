import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orgTimeZone } from '../org-zone.ts';
import { organisations, users } from '../schema/accounts.ts';
import { devices } from '../schema/devices.ts';
import { notificationDeliveries, notificationRules, notifications } from '../schema/notifications.ts';
import { alarms } from '../schema/warning.ts';
import type { DemoOrganisations } from './accounts.ts';

/**
 * Demo notification rules of each rental company and a delivery history of its recent alarms
 * (docs/decisions/071-notifications.md), written in the company's language: one rule that escalates from the
 * technicians by text to the administrator by e-mail, one to a customer's system by webhook whose receiver failed
 * once. No faker.
 */

const MINUTE = 60_000;

const WORDS = {
  zh: {
    overload: '超载与倾斜：技术员→管理员',
    fence: '围栏进出通知客户系统',
    contact: '值班主管',
    title: (serial: string) => `【告警】${serial} 载荷超过 90%`,
    text: (serial: string) => `${serial} 载荷 95%`,
  },
  en: {
    overload: 'Overload and tilt: technicians then administrator',
    fence: "Fence crossings to the customer's system",
    contact: 'Duty supervisor',
    title: (serial: string) => `[Alarm] ${serial} load above 90 %`,
    text: (serial: string) => `${serial} load 95%`,
  },
} as const;

export async function seedNotifications(db: Db, orgs: DemoOrganisations, now: number): Promise<void> {
  for (const [index, orgId] of (orgs.lessors as number[]).entries()) {
    const zone = await orgTimeZone(db, orgId);
    const lang = zone === 'Asia/Shanghai' ? 'zh' : 'en';
    const w = WORDS[lang];
    const people = await db
      .select({ id: users.id, roleId: users.roleId, name: users.name, mobile: users.mobile, areaCode: users.areaCode })
      .from(users)
      .where(and(eq(users.orgId, orgId), inArray(users.roleId, [5, 7])))
      .orderBy(asc(users.id))
      .all();
    // A company without an administrator of its own in the demo keeps rules made by its first person.
    const admin =
      people.find((p) => p.roleId === 5) ??
      (await db
        .select({
          id: users.id,
          roleId: users.roleId,
          name: users.name,
          mobile: users.mobile,
          areaCode: users.areaCode,
        })
        .from(users)
        .where(eq(users.orgId, orgId))
        .orderBy(asc(users.id))
        .get());
    if (!admin) continue;
    const customer = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.parentId, orgId), eq(organisations.kind, 'customer')))
      .orderBy(asc(organisations.id))
      .get();
    const host = `hooks-${index + 1}.example.com`;
    const contact = {
      name: w.contact,
      mobile: `1390000${String(8100 + index)}`,
      areaCode: '86',
      email: `duty${index + 1}@${host}`,
    };
    const made = new Date(now - 30 * 24 * 60 * MINUTE);
    const [overload] = await db
      .insert(notificationRules)
      .values({
        orgId,
        name: w.overload,
        events: ['load90', 'load99', 'tilt'],
        minLevel: 2,
        selector: 'kind',
        kind: 'aerialPlatform',
        steps: [
          { delayMinutes: 0, roles: [7], userIds: [], contacts: [], channels: ['sms', 'push'] },
          { delayMinutes: 10, roles: [], userIds: [admin.id], contacts: [contact], channels: ['email'] },
        ],
        quietStart: '22:00',
        quietEnd: '07:00',
        dampingMinutes: 10,
        digestThreshold: 20,
        createdBy: admin.id,
        updatedBy: admin.id,
        createdAt: made,
        updatedAt: made,
      })
      .returning({ id: notificationRules.id });
    const [fence] = await db
      .insert(notificationRules)
      .values({
        orgId,
        name: w.fence,
        events: ['fenceEnter', 'fenceExit'],
        selector: customer ? 'customer' : 'all',
        customerOrgId: customer?.id ?? null,
        steps: [{ delayMinutes: 0, roles: [], userIds: [], contacts: [], channels: ['webhook'] }],
        webhookUrl: `https://${host}/console-alarms`,
        webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
        createdBy: admin.id,
        updatedBy: admin.id,
        createdAt: made,
        updatedAt: made,
      })
      .returning({ id: notificationRules.id });

    // The company's latest overload alarms on its aerial platforms, told under the first rule.
    const recent = await db
      .select({ id: alarms.id, deviceId: alarms.deviceId, startedAt: alarms.startedAt, serial: devices.serialNumber })
      .from(alarms)
      .innerJoin(devices, eq(devices.id, alarms.deviceId))
      .where(
        and(eq(devices.orgId, orgId), inArray(alarms.type, ['load90', 'load99']), eq(devices.kind, 'aerialPlatform')),
      )
      .orderBy(desc(alarms.startedAt))
      .limit(4)
      .all();
    const technician = people.find((p) => p.roleId === 7);
    for (const [i, alarm] of recent.entries()) {
      const at = alarm.startedAt.getTime();
      const acknowledged = i % 2 === 0;
      const [n] = await db
        .insert(notifications)
        .values({
          orgId,
          ruleId: overload!.id,
          event: 'load90',
          level: 2,
          deviceId: alarm.deviceId,
          alarmId: alarm.id,
          title: w.title(alarm.serial),
          text: w.text(alarm.serial),
          step: acknowledged ? 1 : 2,
          ackToken: randomBytes(18).toString('base64url'),
          acknowledgedAt: acknowledged ? new Date(at + 4 * MINUTE) : null,
          acknowledgedBy: acknowledged ? (technician?.name ?? admin.name) : '',
          createdAt: new Date(at),
        })
        .returning({ id: notifications.id });
      const sent = (step: number, minutes: number) => ({
        orgId,
        notificationId: n!.id,
        ruleId: overload!.id,
        step,
        state: 'sent' as const,
        attempts: 1,
        sentAt: new Date(at + minutes * MINUTE + 2000),
        createdAt: new Date(at + minutes * MINUTE),
      });
      const rows = [];
      if (technician) {
        rows.push({
          ...sent(0, 0),
          channel: 'sms' as const,
          userId: technician.id,
          recipient: technician.name,
          address: `${technician.areaCode}:${technician.mobile}`,
          answer: 'gateway: accepted',
        });
        rows.push({
          ...sent(0, 0),
          channel: 'push' as const,
          userId: technician.id,
          recipient: technician.name,
          address: `user:${technician.id}`,
          answer: 'push outbox',
        });
      }
      if (!acknowledged)
        rows.push({
          ...sent(1, 10),
          channel: 'email' as const,
          userId: null,
          recipient: contact.name,
          address: contact.email,
          answer: '250 Accepted',
        });
      if (rows.length > 0) await db.insert(notificationDeliveries).values(rows);
    }

    // Fence crossings told to the customer's system: a receiver that failed once then took it, and one that never did.
    if (recent[0]) {
      const crossings = [
        { at: recent[0].startedAt.getTime() - 60 * MINUTE, state: 'sent' as const, attempts: 2, answer: 'HTTP 200' },
        {
          at: recent[0].startedAt.getTime() - 25 * 60 * MINUTE,
          state: 'failed' as const,
          attempts: 6,
          answer: 'HTTP 503',
        },
      ];
      for (const crossing of crossings) {
        const [n] = await db
          .insert(notifications)
          .values({
            orgId,
            ruleId: fence!.id,
            event: 'fenceExit',
            level: 2,
            deviceId: recent[0].deviceId,
            title: w.title(recent[0].serial),
            text: w.text(recent[0].serial),
            step: 1,
            ackToken: randomBytes(18).toString('base64url'),
            createdAt: new Date(crossing.at),
          })
          .returning({ id: notifications.id });
        await db.insert(notificationDeliveries).values({
          orgId,
          notificationId: n!.id,
          ruleId: fence!.id,
          channel: 'webhook',
          recipient: w.fence,
          address: `https://${host}/console-alarms`,
          state: crossing.state,
          attempts: crossing.attempts,
          answer: crossing.answer,
          sentAt: crossing.state === 'sent' ? new Date(crossing.at + 10_500) : null,
          createdAt: new Date(crossing.at),
        });
      }
    }
  }
}

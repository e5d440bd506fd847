import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { notificationEndpoints, type NotifyRuleForm } from '@console/contract/http/notifications';
import { fences } from '@console/db/schema/fences';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { customersOf, firstDeviceOf, LESSOR_A, orgIdOf } from '../devices/helpers.ts';
import { rowOf } from '../../fixtures/sql-rows.ts';

const STEP = { delayMinutes: 0, roles: [], userIds: [], contacts: [], channels: ['sms' as const] };
const OTHER_LESSOR = 'Northwind Equipment Hire';
const RULE: NotifyRuleForm = { name: 'Tilt to the yard', events: ['tilt'], steps: [STEP] };

describe('notification rules: form, detail, scope', () => {
  let t: TestApp;
  let adminA: string;
  let adminB: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminA = await t.tokenFor(ROLE.lessorAdmin);
    // Another rental company's administrator (the demo's company abroad).
    const b = await orgIdOf(t, OTHER_LESSOR);
    const bAdmin = (await rowOf<{ mobile: string }>(
      t.dbh.db,
      'SELECT mobile FROM users WHERE org_id = ? AND role_id = 5 ORDER BY id',
      b,
    ))!;
    adminB = await t.tokenForAccount(bAdmin.mobile);
  });

  it('lists the demo rules of each company in its own language', async () => {
    const a = await t.call(notificationEndpoints.rules, { token: adminA, query: { page: 1, pageSize: 20 } });
    expect(a.status, a.message).toBe('200');
    expect(a.data.editable).toBe(true);
    expect(a.data.list.map((r) => r.name)).toContain('超载与倾斜：技术员→管理员');
    const log = await t.call(notificationEndpoints.deliveries, { token: adminA, query: { state: 'failed' } });
    expect(log.data.total).toBeGreaterThan(0);
    expect(log.data.list.every((d) => d.state === 'failed')).toBe(true);
  });

  it('refuses what does not hold together, field by field', async () => {
    const bad = await t.call(notificationEndpoints.save, {
      token: adminA,
      loose: { body: { name: '', events: [], steps: [{ ...STEP, channels: ['webhook'] }], selector: 'list' } },
    });
    expect(bad.status).toBe('400');
    const fields = (bad.data.issues ?? []).map((i) => i.path);
    expect(fields).toEqual(expect.arrayContaining(['name', 'events', 'deviceIds', 'webhookUrl']));
    const order = await t.call(notificationEndpoints.save, {
      token: adminA,
      body: {
        ...RULE,
        steps: [
          { ...STEP, delayMinutes: 10 },
          { ...STEP, delayMinutes: 5 },
        ],
      },
    });
    expect(order.status).toBe('400');
    expect(order.data.field).toBe('steps');
    const quiet = await t.call(notificationEndpoints.save, { token: adminA, body: { ...RULE, quietStart: '22:00' } });
    expect(quiet.data.field).toBe('quietEnd');
    const zh = await t.call(notificationEndpoints.save, {
      token: adminA,
      lang: 'zh_CN',
      body: { ...RULE, quietStart: '25:00', quietEnd: '07:00' },
    });
    expect(zh.message).toContain('HH:MM');
  });

  it("names only the company's own fences, customers, machines and people", async () => {
    const lessorA = await orgIdOf(t, LESSOR_A);
    const lessorB = await orgIdOf(t, OTHER_LESSOR);
    const theirCustomer = (await customersOf(t, lessorB))[0]!;
    const theirMachine = await firstDeviceOf(t, lessorB);
    const theirFence = await t.dbh.db.select().from(fences).where(eq(fences.orgId, lessorB)).get();
    const theirAdmin = (await rowOf<{ id: number }>(
      t.dbh.db,
      'SELECT id FROM users WHERE org_id = ? AND role_id = 5 ORDER BY id',
      lessorB,
    ))!;
    const tries: [Partial<NotifyRuleForm>, string][] = [
      [{ selector: 'customer', customerOrgId: theirCustomer.id }, 'customerOrgId'],
      [{ selector: 'list', deviceIds: [theirMachine.id] }, 'deviceIds'],
      [{ steps: [{ ...STEP, userIds: [theirAdmin.id] }] }, 'steps'],
      ...(theirFence
        ? ([[{ selector: 'fence', fenceId: theirFence.id }, 'fenceId']] as [Partial<NotifyRuleForm>, string][])
        : []),
    ];
    for (const [change, field] of tries) {
      const refused = await t.call(notificationEndpoints.save, { token: adminA, body: { ...RULE, ...change } });
      expect(refused.status, field).toBe('400');
      expect(refused.data.field).toBe(field);
    }
    const ours = (await customersOf(t, lessorA))[0]!;
    const saved = await t.call(notificationEndpoints.save, {
      token: adminA,
      body: { ...RULE, selector: 'customer', customerOrgId: ours.id, webhookUrl: 'https://erp.example/hook' },
    });
    expect(saved.status, saved.message).toBe('200');
    expect(saved.data.webhookSecret).toMatch(/^whsec_/);

    // The other company neither reads, changes nor deletes it; its log does not show it.
    const id = saved.data.id;
    expect((await t.call(notificationEndpoints.rule, { token: adminB, query: { id } })).status).toBe('404');
    expect((await t.call(notificationEndpoints.remove, { token: adminB, body: { id } })).status).toBe('404');
    expect(
      (await t.call(notificationEndpoints.save, { token: adminB, body: { ...RULE, id, name: 'taken over' } })).status,
    ).toBe('404');
    const theirs = await t.call(notificationEndpoints.rules, { token: adminB, query: { pageSize: 200 } });
    expect(theirs.data.list.some((r) => r.id === id)).toBe(false);

    // Its own detail answers the form without the secret; the same address keeps it, a new one gets another.
    const detail = await t.call(notificationEndpoints.rule, { token: adminA, query: { id } });
    expect(detail.data.form).toMatchObject({ selector: 'customer', customerOrgId: ours.id });
    expect(JSON.stringify(detail.data)).not.toContain(saved.data.webhookSecret);
    const same = await t.call(notificationEndpoints.save, { token: adminA, body: { ...detail.data.form, id } });
    expect(same.data.webhookSecret).toBe('');
    const moved = await t.call(notificationEndpoints.save, {
      token: adminA,
      body: { ...detail.data.form, id, webhookUrl: 'https://erp.example/other' },
    });
    expect(moved.data.webhookSecret).toMatch(/^whsec_/);
    expect((await t.call(notificationEndpoints.remove, { token: adminA, body: { id } })).status).toBe('200');
    expect((await t.call(notificationEndpoints.rule, { token: adminA, query: { id } })).status).toBe('404');
  });

  it('lets the staff read but not change rules, and keeps others out', async () => {
    const staff = await t.tokenFor(ROLE.lessorStaff);
    const read = await t.call(notificationEndpoints.rules, { token: staff });
    expect(read.status).toBe('200');
    expect(read.data.editable).toBe(false);
    expect((await t.call(notificationEndpoints.save, { token: staff, body: RULE })).status).toBe('403');
    const technician = await t.tokenFor(ROLE.technician);
    expect((await t.call(notificationEndpoints.rules, { token: technician })).status).toBe('403');
    expect((await t.call(notificationEndpoints.deliveries, { token: technician })).status).toBe('403');
  });
});

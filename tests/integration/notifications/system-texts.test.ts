import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { dropRequestEndpoints, type DropRequestRow } from '@console/contract/http/drop-requests';
import { employeeEndpoints } from '@console/contract/http/employees';
import { lessorEndpoints } from '@console/contract/http/lessors';
import { notificationEndpoints, type DeliveryRow, type SystemEvent } from '@console/contract/http/notifications';
import { demoAccount } from '@console/db/seed/accounts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { lessorForm } from '../lessors/helpers.ts';

/**
 * The texts the console sends of itself (no rule) go through the one mechanism every notification does, so the
 * delivery log of the organisation that sent each shows it with the provider's answer (docs/decisions/071).
 */
describe('texts the console sends of itself', () => {
  let t: TestApp;
  const logOf = async (role: RoleId, event: SystemEvent, app = t) =>
    (
      await app.call(notificationEndpoints.deliveries, {
        token: await app.tokenFor(role),
        query: { event, pageSize: 50 },
      })
    ).data.list as DeliveryRow[];

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.dbh.close());

  it("an account made for a person: the company's log shows the text asking them to set their password", async () => {
    const made = await t.call(employeeEndpoints.create, {
      token: await t.tokenFor(ROLE.lessorAdmin),
      body: { mobile: '13966668888', name: 'Zhao Lei', roleId: ROLE.lessorStaff, mode: 'message' },
    });
    expect(made.status, made.message).toBe('200');
    const [row] = (await logOf(ROLE.lessorAdmin, 'invitation')).filter((r) => r.recipient === 'Zhao Lei');
    expect(row).toMatchObject({ ruleId: null, channel: 'sms', address: '86:13966668888', state: 'sent' });
    expect(row!.title).toBe('invitation');
    // Another company's log does not show it.
    expect((await logOf(ROLE.companyAdmin, 'invitation')).some((r) => r.recipient === 'Zhao Lei')).toBe(false);
  });

  it('a text that could not leave is in the log as failed, and no account is made', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const made = await prod.call(employeeEndpoints.create, {
        token: await prod.tokenFor(ROLE.lessorAdmin),
        body: { mobile: '13966667777', name: 'Qian Wei', roleId: ROLE.lessorStaff, mode: 'message' },
      });
      expect(made.status).toBe('500');
      const [row] = (await logOf(ROLE.lessorAdmin, 'invitation', prod)).filter((r) => r.recipient === 'Qian Wei');
      expect(row).toMatchObject({ state: 'failed', sentAt: '' });
      const listed = await prod.call(employeeEndpoints.list, {
        token: await prod.tokenFor(ROLE.lessorAdmin),
        query: { phone: '13966667777' },
      });
      expect(listed.data.list).toHaveLength(0);
    } finally {
      prod.dbh.close();
    }
  });

  it("a new rental company's welcome is in the operator's log under its administrator's name", async () => {
    const made = await t.call(lessorEndpoints.create, {
      token: await t.tokenFor(ROLE.companyAdmin),
      body: lessorForm(),
    });
    expect(made.status, made.message).toBe('200');
    const [row] = await logOf(ROLE.companyAdmin, 'welcome');
    expect(row).toMatchObject({ recipient: '沈佳', address: '86:13977001122', state: 'sent', ruleId: null });
  });

  it("the answer to an account deletion request is in the operator's log under the number's last digits", async () => {
    const mobile = demoAccount(ROLE.other);
    t.advance(61_000);
    await t.call(authEndpoints.code, { query: { mobile, type: 'dropAccount' } });
    const asked = await t.call(authEndpoints.dropAccount, {
      query: { mobile, code: await t.latestCode(mobile), reason: 'I no longer rent machines' },
    });
    expect(asked.status, asked.message).toBe('200');
    const operator = await t.tokenFor(ROLE.companyAdmin);
    const pending = (
      await t.call(dropRequestEndpoints.list, { token: operator, query: { state: 'pending', pageSize: 50 } })
    ).data.list as DropRequestRow[];
    const request = pending.find((r) => r.reason === 'I no longer rent machines')!;
    const decided = await t.call(dropRequestEndpoints.decide, {
      token: operator,
      body: { id: request.id, approve: true },
    });
    expect(decided.status, decided.message).toBe('200');
    const [row] = await logOf(ROLE.companyAdmin, 'accountDeletion');
    expect(row).toMatchObject({ recipient: `*******${mobile.slice(-4)}`, state: 'sent', ruleId: null });
    expect(row!.recipient).not.toContain(mobile);
  });
});

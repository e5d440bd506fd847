import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { OPERATOR_ROLES, ROLE_IDS } from '@console/contract/codes/roles';
import { organisations } from '@console/db/schema/accounts';
import { openSession, orgIdsSeenBy, ScopedData } from '@console/server/src/lib/data';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * The organisations a person sees are read in one statement, with their session from the token (openSession) or for a
 * signed-in user (ScopedData.of): every organisation for the operator's staff, else their organisation's subtree.
 */
describe("a session's organisations", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.dbh.close());

  it('are every organisation for the operator’s staff, their own and those below for anyone else', async () => {
    const every = sorted((await t.dbh.db.select({ id: organisations.id }).from(organisations)).map((o) => o.id));
    // Customers signed up on their own belong to no company: only "every organisation" reaches them.
    const unattached = await t.dbh.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(isNull(organisations.parentId));
    expect(unattached.length).toBeGreaterThan(1);
    let staffRoles = 0;
    for (const roleId of ROLE_IDS) {
      const opened = (await openSession(t.dbh.db, await t.tokenFor(roleId), t.deps.now(), 'en'))!;
      const staff = opened.user.orgKind === 'operator' && OPERATOR_ROLES.includes(roleId);
      const expected = staff ? every : sorted(await orgIdsSeenBy(t.dbh.db, opened.user.orgId, false));
      if (staff) staffRoles++;
      else expect(expected.length, `role ${roleId}`).toBeLessThan(every.length);
      expect(sorted(opened.data.orgIds()), `role ${roleId}`).toEqual(expected);
      expect(sorted((await ScopedData.of(t.dbh.db, opened.user)).orgIds()), `role ${roleId}`).toEqual(expected);
    }
    expect(staffRoles).toBe(OPERATOR_ROLES.length);
  });

  it('are none for a token no session has', async () => {
    expect(await openSession(t.dbh.db, 'not-a-token', t.deps.now(), 'en')).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull } from 'drizzle-orm';
import { OPERATOR_ROLES, ROLE_IDS } from '@console/contract/codes/roles';
import { organisations } from '@console/db/schema/accounts';
import { openSession, ScopedData } from '@console/server/src/lib/data';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/**
 * The organisations a person sees are read with their session, from the token, in the same statement for everyone
 * (lib/data.ts, openSession): they must be the ones the rule gives (ScopedData.of, from the signed-in user).
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
    for (const roleId of ROLE_IDS) {
      const opened = (await openSession(t.dbh.db, await t.tokenFor(roleId), t.deps.now(), 'en'))!;
      const seen = sorted(opened.data.orgIds());
      expect(seen, `role ${roleId}`).toEqual(sorted((await ScopedData.of(t.dbh.db, opened.user)).orgIds()));
      if (OPERATOR_ROLES.includes(roleId)) expect(seen, `role ${roleId}`).toEqual(every);
      else expect(seen.length, `role ${roleId}`).toBeLessThan(every.length);
    }
  });

  it('are none for a token no session has', async () => {
    expect(await openSession(t.dbh.db, 'not-a-token', t.deps.now(), 'en')).toBeNull();
  });
});

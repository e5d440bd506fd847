import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { allRoutes, streamEndpoints } from '@console/server/src/routes/all';
import { totalChanges } from '../../fixtures/db-snapshot.ts';
import { dropDemoClones } from '../../fixtures/demo-database.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * What the role walk of every endpoint (tests/fixtures/role-walk.ts, run by the files of every-endpoint-*.test.ts)
 * stands on: a real list of endpoints, and a count of writes that sees a write. And the streams, which are no
 * endpoints of the contract: refused without a session.
 */

describe('role walk over every endpoint', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    t.dbh.close();
    // On PostgreSQL each test's app is a clone of the demo database (about 100 MB), dropped as the test ends.
    await dropDemoClones();
  });

  it('walks a real list of endpoints', () => {
    expect(allRoutes.length).toBeGreaterThan(10);
    expect(allRoutes.filter((r) => typeof r.endpoint.access === 'object').length).toBeGreaterThan(0);
  });

  it('counts the writes it checks refused calls against', async () => {
    const before = await totalChanges(t.dbh.db);
    await t.tokenFor(ROLE.finance);
    expect(await totalChanges(t.dbh.db)).toBeGreaterThan(before);
  });

  it('refuses the streams (live events) without a session and to role 0', async () => {
    expect(streamEndpoints.length).toBeGreaterThan(0);
    for (const endpoint of streamEndpoints) {
      for (const token of [undefined, 'not-a-token', await t.tokenFor(ROLE.registeredUser)]) {
        const answer = await t.send(endpoint, { token });
        expect(answer, endpoint.path).toEqual({
          http: 200,
          envelope: { status: '401', message: 'system logout', data: null },
        });
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import { allRoutes } from '@console/server/src/routes/all';
import { watchWrites } from '../../fixtures/db-snapshot.ts';
import { AUDIT } from '../../fixtures/endpoint-fuzz.ts';
import { runOf } from '../../fixtures/sql-rows.ts';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';

/**
 * What the fuzzing of every endpoint (tests/fixtures/endpoint-fuzz.ts, run by the files of every-endpoint-*.test.ts)
 * stands on: a real list of endpoints, and a write watch that sees writes and leaves out what refusals may write.
 */

describe('fuzzing every endpoint from its contract', () => {
  // The run's first test app may seed the demo template on PostgreSQL (minutes on a busy host): a hook's time.
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
  });
  afterAll(() => first.dbh.close());

  it('covers every endpoint, and its write watch sees writes', async () => {
    expect(allRoutes.length).toBeGreaterThan(10);
    const t = first;
    const db = t.dbh.db;
    const watch = await watchWrites(db, AUDIT);
    await runOf(db, 'UPDATE users SET nickname = nickname WHERE id = 1');
    await runOf(db, "INSERT INTO login_attempts (account, ip, success) VALUES ('x', 'y', FALSE)");
    expect(await watch.writes()).toEqual([]);
    await runOf(db, "UPDATE users SET nickname = 'changed' WHERE id = 1");
    await runOf(db, 'DELETE FROM qr_logins');
    expect(await watch.writes()).toEqual([{ table: 'users', op: 'update' }]);
    await t.tokenFor(ROLE.finance);
    expect(await watch.writes()).toContainEqual({ table: 'sessions', op: 'insert' });
  });
});

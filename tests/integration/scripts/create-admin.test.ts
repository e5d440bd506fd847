import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authEndpoints } from '@console/contract/http/auth';
import type { Envelope } from '@console/contract/http/envelope';
import { openDatabase, openDb, type DbHandle } from '@console/db/client';
import { organisations, users } from '@console/db/schema/accounts';
import { createApp } from '@console/server/src/app';
import { readEnv } from '@console/server/src/lib/env';
import { AdminError, createAdmin } from '../../../scripts/lib/admin.ts';
import { emptyDatabase } from '../../fixtures/demo-database.ts';
import { createTestApp } from '../../fixtures/test-app.ts';
import { createScratchDatabase, type ScratchDatabase } from '../db-pg/scratch-database.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Harbour-Crane-77';

/**
 * `create-admin` makes the first administrator of a database with its operator organisation, and refuses the same
 * mobile number a second time; answers the first run.
 */
function makeFirstAdmin(env: Record<string, string>) {
  const ok = run('create-admin.ts', ['--mobile', '13912345678', '--password', PASSWORD, '--org', 'Harbour Lifts'], env);
  expect(ok.status, ok.stderr).toBe(0);
  expect(ok.stdout).toMatch(/created the operator organisation "Harbour Lifts"/);
  const again = run('create-admin.ts', ['--mobile', '13912345678', '--password', PASSWORD], env);
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/already has an account/);
  return ok;
}

describe('create-admin on an empty production database', () => {
  let dbh: DbHandle;
  beforeEach(async () => {
    dbh = await emptyDatabase();
  });
  afterEach(() => dbh.close());

  async function signIn(account: string, password: string, ip = '127.0.0.1') {
    // The test app's deps, over this empty database and in production mode.
    const deps = { ...(await createTestApp()).deps, dbh, env: readEnv({ NODE_ENV: 'production', TRUST_PROXY: '1' }) };
    const query = new URLSearchParams({ account, password });
    const response = await createApp(deps).request(`/api${authEndpoints.login.path}?${query}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': ip, lang: 'en_US' },
    });
    return (await response.json()) as Envelope<{ roleId: number } | null>;
  }

  it('creates the operator organisation and a company administrator who can sign in', async () => {
    const result = await createAdmin(dbh.db, { mobile: '13912345678', password: PASSWORD, org: 'Harbour Lifts' });
    expect(result.orgCreated).toBe(true);
    const org = (await dbh.db.select().from(organisations).where(eq(organisations.id, result.org.id)).get())!;
    expect(org).toMatchObject({ name: 'Harbour Lifts', kind: 'operator' });
    const res = await signIn('13912345678', PASSWORD);
    expect(res.status, res.message).toBe('200');
    expect(res.data?.roleId).toBe(2);
  });

  it('puts a second administrator in the existing operator organisation', async () => {
    const first = await createAdmin(dbh.db, { mobile: '13912345678', password: PASSWORD, org: 'Harbour Lifts' });
    const second = await createAdmin(dbh.db, { mobile: '13912345679', password: PASSWORD, org: 'Other name' });
    expect(second.orgCreated).toBe(false);
    expect(second.org.id).toBe(first.org.id);
    expect(await dbh.db.select().from(organisations).all()).toHaveLength(1);
  });

  it('lets the administrator sign in from a listed address without a verification code', async () => {
    await createAdmin(dbh.db, { mobile: '13912345678', password: PASSWORD, ips: ['203.0.113.9'] });
    expect((await signIn('13912345678', PASSWORD, '203.0.113.9')).status).toBe('200');
    expect((await signIn('13912345678', PASSWORD, '198.51.100.1')).status).toBe('428');
  });

  it.each([
    ['a short password', 'Ab1', /8-64 characters/],
    ['a password without digits', 'OnlyLettersHere', /8-64 characters/],
    ['the demo password', 'Demo@2026', /too common/],
    ['a common password', 'Password123', /too common/],
    ['a password holding the number', 'x13912345678', /phone number/],
  ])('refuses %s and creates nothing', async (_, password, message) => {
    await expect(createAdmin(dbh.db, { mobile: '13912345678', password })).rejects.toThrow(message);
    expect(await dbh.db.select().from(users).all()).toHaveLength(0);
    expect(await dbh.db.select().from(organisations).all()).toHaveLength(0);
  });

  it('refuses a taken number and an invalid one', async () => {
    await createAdmin(dbh.db, { mobile: '13912345678', password: PASSWORD });
    await expect(createAdmin(dbh.db, { mobile: '13912345678', password: PASSWORD })).rejects.toThrow(
      /already has an account/,
    );
    await expect(createAdmin(dbh.db, { mobile: '12345', password: PASSWORD })).rejects.toThrow(AdminError);
    expect(await dbh.db.select().from(users).all()).toHaveLength(1);
  });
});

/** A script as `npm run` starts it, with these settings over the environment's. */
const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

describe('create-admin and db:reset from the command line', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'scripts-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // Three child processes, each starting TypeScript anew: a minute on a slow, busy host.
  it('resets a production database to empty, then makes its first administrator', async () => {
    const env = { DB_FILE: join(dir, 'console.db'), NODE_ENV: 'production' };
    const reset = run('db-reset.ts', [], env);
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/without demo data/);
    makeFirstAdmin(env);
    const dbh = openDb(env.DB_FILE);
    expect((await dbh.db.select().from(users).all()).map((u) => u.roleId)).toEqual([2]);
    dbh.close();
  }, 180_000);

  // It seeds a whole demo database in a child process: minutes on a slow, busy host.
  it('db:reset recreates a development database with the demo accounts', async () => {
    const env = { DB_FILE: join(dir, 'console.db'), NODE_ENV: 'development' };
    run('create-admin.ts', ['--mobile', '13912345678', '--password', PASSWORD], env);
    const reset = run('db-reset.ts', [], env);
    expect(reset.status, reset.stderr).toBe(0);
    const dbh = openDb(env.DB_FILE);
    const mobiles = (await dbh.db.select({ mobile: users.mobile }).from(users).all()).map((u) => u.mobile);
    dbh.close();
    expect(mobiles).toContain('13800000002');
    expect(mobiles).not.toContain('13912345678');
  }, 180_000);
});

describe('create-admin and db:reset from the command line, with DATABASE_URL naming a PostgreSQL database', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase('create_admin');
  });
  afterAll(() => scratch?.drop());

  // Two child processes, each starting TypeScript anew, and the migration of a new database.
  it('makes the first administrator in a new database, and db:reset leaves it alone', async () => {
    const env = { DATABASE_URL: scratch.url, NODE_ENV: 'production' };
    const ok = makeFirstAdmin(env);
    expect(ok.stdout).toMatch(/in the DATABASE_URL database/);
    const reset = run('db-reset.ts', [], env);
    expect(reset.status).toBe(1);
    expect(reset.stderr).toMatch(/DATABASE_URL names a PostgreSQL database: db:reset recreates the SQLite file/);
    const dbh = await openDatabase('', { url: scratch.url, migrate: false });
    expect((await dbh.db.select().from(users).all()).map((u) => u.roleId)).toEqual([2]);
    await dbh.close();
  }, 180_000);
});

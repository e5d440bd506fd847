import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openDb } from '@console/db/client';
import { users } from '@console/db/schema/accounts';
import { createAdmin } from '../../../scripts/lib/admin.ts';
import { backupDatabase, restoreDatabase } from '../../../scripts/lib/backup.ts';
import { createScratchDatabase, type ScratchDatabase } from '../db-pg/scratch-database.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Harbour-Crane-77';
const admin = (mobile: string) => ({ mobile, password: PASSWORD, org: 'Harbour Lifts' });

describe('npm run backup and restore on SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
  const file = join(dir, 'console.db');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('backs up what is committed while the server writes, and restores it over a stopped server’s database', async () => {
    const server = openDb(file);
    await createAdmin(server.db, admin('13912345678'));
    // Committed into the write-ahead log, not yet copied into the file: the backup still holds it.
    await createAdmin(server.db, admin('13912345679'));
    const backup = join(dir, 'backups', 'first.sqlite');
    const cli = spawnSync('npx', ['tsx', 'scripts/backup.ts', backup], {
      cwd: ROOT,
      env: { ...process.env, DB_FILE: file, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toContain(`sqlite database backed up to ${backup}`);

    // Work after the backup, then the same backup put back: the later work is gone, the earlier kept.
    await createAdmin(server.db, admin('13912345670'));
    await expect(restoreDatabase({ file }, backup)).rejects.toThrow('is in use: stop the server first');
    expect(await server.db.select().from(users).all()).toHaveLength(3);
    server.close();

    await restoreDatabase({ file }, backup);
    const restarted = openDb(file);
    const mobiles = (await restarted.db.select({ mobile: users.mobile }).from(users).all()).map((u) => u.mobile);
    expect(mobiles.sort()).toEqual(['13912345678', '13912345679']);
    restarted.close();
  });

  it('refuses a file that is not a backup and an existing destination, changing nothing', async () => {
    const notBackup = join(dir, 'notes.sqlite');
    writeFileSync(notBackup, 'not a database');
    await expect(restoreDatabase({ file }, notBackup)).rejects.toThrow('is not a SQLite database');
    await expect(restoreDatabase({ file }, join(dir, 'missing.sqlite'))).rejects.toThrow('does not exist');
    const taken = join(dir, 'taken.sqlite');
    writeFileSync(taken, '');
    await expect(backupDatabase({ file }, taken)).rejects.toThrow('exists: name a new file');
    const db = openDb(file);
    expect(await db.db.select().from(users).all()).toHaveLength(2);
    db.close();
  });
});

describe('npm run backup and restore on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'backup-pg-test-'));
  beforeAll(async () => {
    scratch = await createScratchDatabase('backup');
  });
  afterAll(async () => {
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `npm run backup` or `npm run restore` as an operator runs it, with DATABASE_URL naming the database. */
  const script = (name: 'backup' | 'restore', file: string) =>
    spawnSync('npx', ['tsx', `scripts/${name}.ts`, file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: scratch.url },
      encoding: 'utf8',
    });

  it('dumps while connected, refuses to restore while the server is connected, then restores', async () => {
    const server = await openDatabase(':memory:', { url: scratch.url });
    await createAdmin(server.db, admin('13912345678'));
    const backup = join(dir, 'console.pgdump');
    const dumped = script('backup', backup);
    expect(dumped.status, dumped.stderr).toBe(0);
    expect(dumped.stdout).toContain(`postgres database backed up to ${backup}`);
    expect(existsSync(backup)).toBe(true);
    await createAdmin(server.db, admin('13912345679'));
    const refused = script('restore', backup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('the database is in use: stop the server first');
    expect(await server.db.select().from(users).all()).toHaveLength(2);
    await server.close();

    const restored = script('restore', backup);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`postgres database restored from ${backup}`);
    const restarted = await openDatabase(':memory:', { url: scratch.url });
    const mobiles = (await restarted.db.select({ mobile: users.mobile }).from(users).all()).map((u) => u.mobile);
    expect(mobiles).toEqual(['13912345678']);
    // The restored identity sequences go on after the restored rows.
    await createAdmin(restarted.db, admin('13912345670'));
    expect(await restarted.db.select().from(users).all()).toHaveLength(2);
    await restarted.close();
  });

  it('refuses a file that is not a backup and an existing destination, changing nothing', async () => {
    const notBackup = join(dir, 'notes.pgdump');
    writeFileSync(notBackup, 'not a dump');
    const refused = script('restore', notBackup);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`${notBackup} is not a PostgreSQL backup`);
    const taken = join(dir, 'taken.pgdump');
    writeFileSync(taken, '');
    const exists = script('backup', taken);
    expect(exists.status).toBe(1);
    expect(exists.stderr).toContain(`${taken} exists: name a new file`);
    const db = await openDatabase(':memory:', { url: scratch.url });
    expect(await db.db.select().from(users).all()).toHaveLength(2);
    await db.close();
  });
});

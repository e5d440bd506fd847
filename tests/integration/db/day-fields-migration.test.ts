import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { dayStart, migrateAll, migratedUpTo } from './migrated-up-to.ts';

describe('migration 0001: day-valued fields become calendar days', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('turns the day starts recorded in any zone into the days the recorders entered', () => {
    const sqlite = new Database(':memory:');
    const dir = mkdtempSync(join(tmpdir(), 'day-fields-'));
    dirs.push(dir);
    migratedUpTo('0000_init', sqlite, dir);
    // Entered in Shanghai (UTC+8), London in summer (UTC+1) and New York (UTC-5).
    const insertPlan = sqlite.prepare(
      'insert into upkeep_plans (org_id, device_id, interval, last_done_at, next_due_at) values (1, 1, ?, ?, ?)',
    );
    insertPlan.run('3m', dayStart('2026-08-05', 8), dayStart('2026-11-05', 8));
    insertPlan.run('6m', dayStart('2026-08-05', 1), dayStart('2027-02-05', 1));
    insertPlan.run('hours', dayStart('2026-08-05', -5), null);
    sqlite
      .prepare(
        'insert into fault_records (org_id, device_id, fault_types, cause, occurred_at, repaired_at) values (1, 1, ?, ?, ?, ?)',
      )
      .run('[]', 'seal', dayStart('2026-08-05', 8), dayStart('2026-08-07', 8));

    sqlite
      .prepare('insert into controllers (org_id, serial_number, model, installed_at) values (1, ?, ?, ?)')
      .run('CTL-1', 'ZK-C300', dayStart('2026-03-01', 8));
    sqlite
      .prepare(
        'insert into purchase_infos (device_id, org_id, original_value, salvage_mode, salvage_value, purchased_at) values (1, 1, 1000, ?, 100, ?)',
      )
      .run('amount', dayStart('2025-05-20', 1));

    migrateAll(sqlite);

    expect(sqlite.prepare('select installed_at from controllers').get()).toEqual({ installed_at: '2026-03-01' });
    expect(sqlite.prepare('select purchased_at from purchase_infos').get()).toEqual({ purchased_at: '2025-05-20' });

    expect(sqlite.prepare('select last_done_at, next_due_at from upkeep_plans order by id').all()).toEqual([
      { last_done_at: '2026-08-05', next_due_at: '2026-11-05' },
      { last_done_at: '2026-08-05', next_due_at: '2027-02-05' },
      { last_done_at: '2026-08-05', next_due_at: null },
    ]);
    expect(sqlite.prepare('select occurred_at, repaired_at from fault_records').get()).toEqual({
      occurred_at: '2026-08-05',
      repaired_at: '2026-08-07',
    });
    sqlite.close();
  });
});

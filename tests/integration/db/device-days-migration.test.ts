import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { dayEnd, dayStart, migrateAll, migratedUpTo } from './migrated-up-to.ts';

describe('migration 0004 (hand-written): machine and SIM card days become calendar days', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('turns installation day starts and service expiry day ends recorded in any zone into the days entered', () => {
    const sqlite = new Database(':memory:');
    const dir = mkdtempSync(join(tmpdir(), 'device-days-'));
    dirs.push(dir);
    migratedUpTo('0003_lease_periods', sqlite, dir);
    // Entered in Shanghai (UTC+8), London in summer (UTC+1), New York (UTC-5) and Auckland in winter (UTC+12,
    // the edge of the rule's range).
    const insertMachine = sqlite.prepare(
      'insert into devices (org_id, model_id, kind, serial_number, installed_at, service_expires_at) values (1, 1, ?, ?, ?, ?)',
    );
    insertMachine.run('scissorLift', 'DAYS-SH', dayStart('2026-03-01', 8), dayEnd('2027-03-01', 8));
    insertMachine.run('scissorLift', 'DAYS-LON', dayStart('2026-07-31', 1), dayEnd('2026-12-31', 1));
    insertMachine.run('scissorLift', 'DAYS-NY', dayStart('2026-01-01', -5), dayEnd('2026-06-30', -5));
    insertMachine.run('scissorLift', 'DAYS-AKL', dayStart('2026-06-15', 12), dayEnd('2026-06-15', 12));
    insertMachine.run('scissorLift', 'DAYS-NONE', null, null);
    const insertCard = sqlite.prepare(
      'insert into sim_cards (org_id, iccid, imei, carrier, service_expires_at) values (1, ?, ?, ?, ?)',
    );
    insertCard.run('89860000000000000001', '860000000000001', 'chinaMobile', dayEnd('2027-06-30', 8));
    insertCard.run('89860000000000000002', '860000000000002', 'other', dayEnd('2027-06-30', -5));
    const machine = sqlite.prepare("select id from devices where serial_number = 'DAYS-SH'").get() as { id: number };
    sqlite
      .prepare('insert into lock_day_marks (device_id, level, service_expires_at, task_id) values (?, 1, ?, 1)')
      .run(machine.id, dayEnd('2027-03-01', 8));
    sqlite.prepare('insert into lock_day_settings (org_id, enabled) values (1, 1)').run();

    migrateAll(sqlite);

    expect(
      sqlite.prepare('select serial_number, installed_at, service_expires_at from devices order by id').all(),
    ).toEqual([
      { serial_number: 'DAYS-SH', installed_at: '2026-03-01', service_expires_at: '2027-03-01' },
      { serial_number: 'DAYS-LON', installed_at: '2026-07-31', service_expires_at: '2026-12-31' },
      { serial_number: 'DAYS-NY', installed_at: '2026-01-01', service_expires_at: '2026-06-30' },
      { serial_number: 'DAYS-AKL', installed_at: '2026-06-15', service_expires_at: '2026-06-15' },
      { serial_number: 'DAYS-NONE', installed_at: null, service_expires_at: null },
    ]);
    expect(sqlite.prepare('select service_expires_at from sim_cards order by id').all()).toEqual([
      { service_expires_at: '2027-06-30' },
      { service_expires_at: '2027-06-30' },
    ]);
    expect(sqlite.prepare('select device_id, service_expires_at from lock_day_marks').all()).toEqual([
      { device_id: machine.id, service_expires_at: '2027-03-01' },
    ]);
    expect(sqlite.prepare('select time_zone from lock_day_settings').get()).toEqual({ time_zone: 'Asia/Shanghai' });
    sqlite.close();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '@console/db/client';
import { alarmRules } from '@console/db/schema/alarm-rules';
import { DEFAULT_THRESHOLDS } from '@console/contract/codes/alarms';
import { forgetThresholds, thresholdsFor } from './alarm-thresholds.ts';

describe('alarm thresholds of a machine', () => {
  let dbh: DbHandle;
  beforeEach(() => {
    dbh = openDb(':memory:');
  });
  afterEach(() => dbh.close());

  const rule = (orgId: number, tiltDeg: number) => ({
    orgId,
    kind: 'aerialPlatform' as const,
    ...DEFAULT_THRESHOLDS,
    tiltDeg,
    updatedAt: new Date(),
  });

  it("follows the owner's rule for the kind, the spec's constants otherwise", async () => {
    await dbh.db.insert(alarmRules).values(rule(7, 10)).run();
    expect(thresholdsFor(dbh.sqliteDb, 7, 'aerialPlatform').tiltDeg).toBe(10);
    expect(thresholdsFor(dbh.sqliteDb, 7, 'forklift')).toEqual(DEFAULT_THRESHOLDS);
    expect(thresholdsFor(dbh.sqliteDb, 8, 'aerialPlatform')).toEqual(DEFAULT_THRESHOLDS);
  });

  it('answers from memory until a save says the rules changed', async () => {
    expect(thresholdsFor(dbh.sqliteDb, 7, 'aerialPlatform').tiltDeg).toBe(14);
    await dbh.db.insert(alarmRules).values(rule(7, 9)).run();
    // Ingest does not read the table per message: a rule written behind the cache's back is not seen ...
    expect(thresholdsFor(dbh.sqliteDb, 7, 'aerialPlatform').tiltDeg).toBe(14);
    // ... until the save endpoint forgets the cache.
    forgetThresholds();
    expect(thresholdsFor(dbh.sqliteDb, 7, 'aerialPlatform').tiltDeg).toBe(9);
  });

  it('keeps one cache per database', async () => {
    const other = openDb(':memory:');
    try {
      await other.db.insert(alarmRules).values(rule(7, 11)).run();
      expect(thresholdsFor(dbh.sqliteDb, 7, 'aerialPlatform').tiltDeg).toBe(14);
      expect(thresholdsFor(other.sqliteDb, 7, 'aerialPlatform').tiltDeg).toBe(11);
    } finally {
      other.close();
    }
  });
});

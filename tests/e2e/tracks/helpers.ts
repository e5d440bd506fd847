import { openDb } from '@console/db/client';
import { writeTrackReports } from '../../fixtures/track-reports.ts';

/** One point of a track written for a test: minutes after the track's start, latitude, speed and an alarm. */
export interface TestPoint {
  minute: number;
  lat: number;
  speed: number;
  alarmInfo?: string;
}

/**
 * A track of a machine in the e2e server's database (E2E_DB_FILE), heading north from 31°N 121°E: the demo
 * history only covers the last days, so a test that needs a known track writes its own, in a month of its own.
 */
export async function writeTrack(deviceId: number, startUtc: number, points: TestPoint[]): Promise<void> {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error('E2E_DB_FILE is not set: run Playwright with tests/playwright.config.ts');
  const dbh = openDb(file, { migrate: false });
  try {
    await writeTrackReports(
      dbh.db,
      deviceId,
      points.map((p) => ({
        gpsTime: new Date(startUtc + p.minute * 60_000),
        receivedAt: new Date(startUtc + p.minute * 60_000 + 1000),
        lat: p.lat,
        lng: 121,
        speed: p.speed,
        alarmInfo: p.alarmInfo,
      })),
    );
  } finally {
    dbh.close();
  }
}

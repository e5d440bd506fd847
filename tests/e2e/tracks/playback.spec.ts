import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { E2E_TIME_ZONE } from '../../playwright.config.ts';
import { writeTrack, type TestPoint } from './helpers.ts';

/** 40 points a minute apart, parked from minute 10 to 25, with an alarm the machine reported at minute 30. */
const TRACK: TestPoint[] = Array.from({ length: 40 }, (_, minute) => ({
  minute,
  lat: (31_000 + Math.min(minute, 10) + Math.max(0, minute - 25)) / 1000,
  speed: minute > 10 && minute <= 25 ? 0 : 18,
  alarmInfo: minute === 30 ? 'Tilt 15.2 degrees' : undefined,
}));

/** A time as the page writes it in Berlin, the browser's zone: 'YYYY-MM-DD HH:mm:ss'. */
const inBerlin = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: E2E_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);

/**
 * Yesterday 08:00 in Berlin: raw track points are kept for the last days only (older ones are folded into 5-minute
 * buckets and pruned, docs/decisions/075), and this flow plays every point.
 */
function yesterdayAtEight(): number {
  const day = inBerlin(Date.now() - 86_400_000).slice(0, 10);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // Berlin is one or two hours ahead of UTC.
  return [7, 6].map((hour) => Date.UTC(y, m - 1, d, hour)).find((ms) => inBerlin(ms).endsWith('08:00:00'))!;
}

const progress = (page: Page) => page.getByLabel(text('en', 'tracks:player.progress'));
const mapRegion = (page: Page) => page.getByRole('region', { name: text('en', 'tracks:map.label') });

async function download(page: Page, item: string): Promise<string> {
  await page.getByRole('button', { name: text('en', 'tracks:export.button') }).hover();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

test.describe('track playback (English)', () => {
  test('plays, pauses, changes speed, jumps to an alarm and exports the track', async ({ page, api }) => {
    // One long flow through the whole page.
    test.slow();
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = (await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'forklift' } })).data
      .list[0];
    const start = yesterdayAtEight();
    await writeTrack(device.id, start, TRACK);
    await page.goto(
      `/deviceManagement/historicalTrajectory?id=${device.id}&startTime=${inBerlin(start)}&endTime=${inBerlin(start + 3_600_000)}`,
    );
    await expect(page).toHaveTitle(/^Track playback - /);
    await expect(page.getByRole('combobox', { name: text('en', 'tracks:form.machine') })).toBeVisible();
    await expect(page.locator('.ant-select').filter({ hasText: device.serialNumber })).toBeVisible();

    // The server's summary of the 40 points: 24 minutes moving, 15 parked (one stop), top speed 18 km/h.
    const summary = page.getByRole('region', { name: text('en', 'tracks:summary.title') });
    // The first visit loads the page's code, the track and the map: give a busy machine time.
    await expect(summary).toContainText(`${text('en', 'tracks:summary.points')}40`, { timeout: 30_000 });
    await expect(summary).toContainText(`${text('en', 'tracks:summary.moving')}0 h 24 min`);
    await expect(summary).toContainText(`${text('en', 'tracks:summary.parked')}0 h 15 min`);
    await expect(summary).toContainText(`${text('en', 'tracks:summary.maxSpeed')}18 km/h`);
    await expect(summary).toContainText(`${text('en', 'tracks:summary.stops')}1`);
    const map = mapRegion(page);
    await expect(map.locator('.track-mark--stop')).toHaveCount(1);
    await expect(map.locator('.track-mark--alarm')).toHaveCount(1);
    await expect(progress(page)).toHaveText('1 / 40');

    await page.getByRole('button', { name: text('en', 'tracks:player.play') }).click();
    await expect(page.getByRole('button', { name: text('en', 'tracks:player.pause') })).toBeVisible();
    await expect(progress(page)).not.toHaveText('1 / 40');
    await page.getByRole('button', { name: text('en', 'tracks:player.pause') }).click();
    await expect(page.getByRole('button', { name: text('en', 'tracks:player.play') })).toBeVisible();

    // The alarm list: choosing the alarm moves the player to its point, and the point's fields show it.
    const alarms = page.getByRole('region', { name: text('en', 'tracks:alarms.label') });
    await alarms.getByText('Tilt 15.2 degrees').click();
    await expect(progress(page)).toHaveText('31 / 40');
    await expect(map).toHaveAttribute('data-index', '30');
    await expect(page.getByText(inBerlin(start + 30 * 60_000)).first()).toBeVisible();

    // At 32x the nine points left take a moment; at the last point the player stops by itself.
    await page.getByLabel(text('en', 'tracks:player.speed')).click();
    await page.getByTitle('32×').click();
    await page.getByRole('button', { name: text('en', 'tracks:player.play') }).click();
    await expect(progress(page)).toHaveText('40 / 40');
    await expect(page.getByRole('button', { name: text('en', 'tracks:player.play') })).toBeVisible();

    const csv = await download(page, text('en', 'tracks:export.csv'));
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('GPS time,Longitude,Latitude,Speed (km/h),Alarm info,Alarm value,Receive time');
    expect(lines).toHaveLength(41);
    expect(lines[31]).toBe(
      `${inBerlin(start + 30 * 60_000)},121,31.015,18,Tilt 15.2 degrees,,${inBerlin(start + 30 * 60_000 + 1000)}`,
    );
    const kml = await download(page, text('en', 'tracks:export.kml'));
    expect(kml).toContain('<LineString><tessellate>1</tessellate><coordinates>121,31,0 121,31.001,0');
    expect(kml).toContain('<name>Parked 15 min</name>');
  });
});

test.describe('track playback (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('speaks Chinese and applies the history rules', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const device = (await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'boat' } })).data.list[0];
    await page.goto('/deviceManagement/historicalTrajectory');
    await expect(page).toHaveTitle(/^轨迹回放 - /);
    await expect(page.getByText(text('zh-cn', 'tracks:prompt.selectMachine'))).toBeVisible();

    // A period without points, then one across two months: the server refuses it with the spec's rule.
    await page.goto(
      `/deviceManagement/historicalTrajectory?id=${device.id}&startTime=2026-02-01 00:00:00&endTime=2026-02-02 00:00:00`,
    );
    await expect(page.getByText(text('zh-cn', 'tracks:empty'))).toBeVisible();
    await page.goto(
      `/deviceManagement/historicalTrajectory?id=${device.id}&startTime=2026-02-27 00:00:00&endTime=2026-03-02 00:00:00`,
    );
    await expect(page.getByText('按月查询，不能跨月查询').first()).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { connectAsync } from 'mqtt';
import { ROLE } from '@console/contract/codes/roles';
import { deviceDetailEndpoints, type DeviceDetail } from '@console/contract/http/device-detail';
import { deviceEndpoints } from '@console/contract/http/devices';
import { DEV_FLEET_SECRET, deviceSecret } from '@console/contract/mqtt/credentials';
import type { TelemetryMessage } from '@console/contract/mqtt/payloads';
import { topics } from '@console/contract/mqtt/topics';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

const en = (key: string, params?: Record<string, string | number>) => text('en', `device-detail:${key}`, params);
const zh = (key: string, params?: Record<string, string | number>) => text('zh-cn', `device-detail:${key}`, params);

/** Choose a button-style radio option (antd hides the input inside its label). */
const choose = (page: Page, name: string) =>
  page.getByRole('radio', { name, exact: true }).locator('xpath=ancestor::label[1]').click();

/** A machine of the signed-in company among the first of the fleet, which the seed gives a week of history. */
async function machineWithHistory(api: Api, token: string): Promise<DeviceDetail> {
  for (let id = 1; id <= 24; id++) {
    const res = await api.call(deviceDetailEndpoints.detail, { token, query: { id } });
    if (res.status === '200' && res.data.device.kind !== 'mower') return res.data as DeviceDetail;
  }
  throw new Error('no machine with history in scope');
}

test.describe('device detail (English)', () => {
  test('opens from the device list, charts the history by range, refreshes itself and sends parameters', async ({
    page,
    api,
  }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const detail = await machineWithHistory(api, login.token);
    const { device } = detail;
    await page.goto(`/deviceManagement?serialNumber=${device.serialNumber}`);
    await page.getByRole('link', { name: device.serialNumber, exact: true }).click();
    await expect(page).toHaveURL(`/deviceManagement/detail?id=${device.id}`);
    await expect(page).toHaveTitle(/^Device details - /);
    await expect(page.getByRole('heading', { name: device.hostName })).toBeVisible();

    // The overview charts the last 24 hours of every numeric field; a wider range is read anew.
    const firstField = page.getByRole('img', { name: /over time$/ }).first();
    await expect(firstField).toBeVisible();
    await expect(page.getByText(en('history.rules'), { exact: false })).toBeVisible();
    const weekRead = page.waitForResponse((r) => r.url().includes('/deviceDetail/series.do'));
    await choose(page, en('history.days', { count: 7 }));
    expect((await (await weekRead).json()).status).toBe('200');
    await expect(firstField).toBeVisible();
    // The chart period: 5 minutes over a week is more than 1000 points, so the server widens it and says so. The week
    // is today and the 6 days before: before the 7th of a month it would start in the month before, so the range
    // starts with the month (a query does not reach past it), and says that.
    const dayOfMonth = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', day: 'numeric' }).format());
    if (dayOfMonth >= 7) {
      await expect(page.getByText(/Each point averages \d+ minutes?, so the range fits in 1000 points/)).toBeVisible();
    } else {
      await expect(page.getByText(/Shown from .*: a query cannot reach back past this\./)).toBeVisible();
      await expect(page.getByText(/Each point averages \d+ minutes?/)).toBeVisible();
    }

    // The raw records of the range, newest first.
    await page.getByText(en('history.table'), { exact: true }).click();
    await expect(page.getByRole('columnheader', { name: en('history.deviceTime') })).toBeVisible();
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // The records shown can be exported, as Excel opens them.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text('en', 'common:export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${device.serialNumber}-Records-\\d{8}-\\d{4}\\.csv$`));
    const csv = readFileSync(await file.path(), 'utf8');
    const [header, ...records] = csv.trimEnd().split('\r\n');
    expect(header!.startsWith(`\uFEFF${en('history.deviceTime')},${en('history.receivedAt')},`)).toBe(true);
    expect(records.length).toBeGreaterThan(1);
    expect(records.length).toBeLessThanOrEqual(1000);
    await page.getByText(en('history.chart'), { exact: true }).click();

    // Auto refresh: read at once when switched on, then every 10 seconds.
    const autoRefresh = page.getByRole('switch', { name: en('history.autoRefresh') });
    const now = page.waitForRequest((r) => r.url().includes('/deviceDetail/series.do'));
    await autoRefresh.click();
    await expect(autoRefresh).toHaveAttribute('aria-checked', 'true');
    await now;
    await page.waitForRequest((r) => r.url().includes('/deviceDetail/series.do'), { timeout: 30_000 });
    await autoRefresh.click();
    await expect(autoRefresh).toHaveAttribute('aria-checked', 'false');

    // The tabs: each is a link, the location draws the map and the recent track.
    await page.getByRole('tab', { name: en('tabs.location') }).click();
    await expect(page).toHaveURL(/tab=location/);
    await expect(page.getByRole('region', { name: en('location.position') })).toBeVisible();
    await expect(page.getByText(/\d+ track points?/)).toBeVisible();

    await page.getByRole('tab', { name: en('tabs.alarms') }).click();
    await expect(page.getByRole('columnheader', { name: en('alarms.type') })).toBeVisible();

    await page.getByRole('tab', { name: en('tabs.risk') }).click();
    await expect(page.getByText(en('risk.lockState'))).toBeVisible();
    await expect(page.getByRole('link', { name: en('risk.tasks') })).toHaveAttribute(
      'href',
      `/riskManagement/index?deviceId=${device.id}`,
    );

    // System parameters go to the machine through the command queue and show their state until it confirms.
    await page.getByRole('tab', { name: en('tabs.parameters') }).click();
    await page.getByLabel(en('parameters.reportInterval')).fill('30');
    await page.getByLabel(en('parameters.overspeed')).fill('0');
    await page.getByRole('button', { name: en('parameters.send') }).click();
    if (!device.online || device.sleeping) {
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    }
    await expect(page.getByText(en('parameters.sent'))).toBeVisible();
    await expect(page.getByText(`${en('parameters.lastCommand')}:`)).toBeVisible();
    await expect(page.getByText(/Queued|Sent|Delivered/).first()).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});

test.describe('device detail (live)', () => {
  test('follows what the machine reports over MQTT without a reload', async ({ page, api, baseURL }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    // An online, unlocked aerial platform: the report below changes its readings, not its lock.
    const listed = await api.call(deviceEndpoints.list, {
      token: login.token,
      query: { kind: 'aerialPlatform', status: 1, pageSize: 50 },
    });
    const machine = (listed.data.list as { id: number; serialNumber: string; lockLevel: number }[]).find(
      (d) => d.lockLevel === 0,
    )!;
    await page.goto(`/deviceManagement/detail?id=${machine.id}`);
    const latest = page.locator('.ant-card').filter({ hasText: en('overview.latest') });
    const load = latest.locator('tr').filter({ hasText: en('fields.loadPct') });
    await expect(load).toBeVisible();
    await expect(load).not.toContainText('42.5');

    // The server's embedded broker listens on the port after its HTTP port.
    const client = await connectAsync(`mqtt://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`, {
      clientId: machine.serialNumber,
      username: machine.serialNumber,
      password: deviceSecret(process.env.FLEET_SECRET ?? DEV_FLEET_SECRET, machine.serialNumber),
      reconnectPeriod: 0,
    });
    try {
      const report: TelemetryMessage = {
        t: Date.now(),
        seq: 1,
        signal: 'strong',
        lock: 'unlocked',
        data: {
          kind: 'aerialPlatform',
          platformHeightM: 7.5,
          loadPct: 42.5,
          tiltDeg: 1,
          batteryV: 24.6,
          batteryPct: 77,
          driving: false,
          lifting: true,
          workingHours: 1234.5,
          faults: [],
        },
      };
      await client.publishAsync(topics.telemetry(machine.serialNumber), JSON.stringify(report));
      await expect(load).toContainText('42.5', { timeout: 30_000 });
      await expect(latest.locator('tr').filter({ hasText: en('fields.workingHours') })).toContainText('1234.5');

      // The machine's controller falls silent and it flags a fault: the header says so, and its one last report is
      // the time the latest values carry (decision 062).
      const flagged: TelemetryMessage = {
        ...report,
        t: report.t + 1000,
        seq: 2,
        data: {
          ...(report.data as Extract<TelemetryMessage['data'], { kind: 'aerialPlatform' }>),
          loadPct: 43.5,
          faults: ['CTRL_OFFLINE', 'E12'],
        },
      };
      await client.publishAsync(topics.telemetry(machine.serialNumber), JSON.stringify(flagged));
      await expect(load).toContainText('43.5', { timeout: 30_000 });
      const states = page.getByLabel(text('en', 'devices:fields.status'), { exact: true }).first();
      await expect(states.getByText(text('en', 'codes:deviceCondition.unplugged'), { exact: true })).toBeVisible();
      await expect(states.getByText(text('en', 'codes:deviceCondition.fault'), { exact: true })).toBeVisible();
      const reportedAt = (await latest.locator('.ant-card-extra').innerText()).replace(
        en('overview.reportedAt', { time: '' }),
        '',
      );
      await expect(page.getByTestId('header-last-report')).toHaveText(`${en('header.lastReport')}: ${reportedAt}`);
    } finally {
      await client.endAsync();
    }
  });
});

test.describe('device detail (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('a concrete pump shows its pump status and mode, and only the tabs its kind reports', async ({ page, api }) => {
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const pumps = await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'concretePump' } });
    const id = pumps.data.list[0].id as number;
    const detail = (await api.call(deviceDetailEndpoints.detail, { token: login.token, query: { id } }))
      .data as DeviceDetail;
    const latest = detail.latest as Extract<DeviceDetail['latest'], { kind: 'concretePump' }>;

    // The alarm bell's legacy link leads to the machine's detail.
    await page.goto(`/project/device?nid=${id}`);
    await expect(page).toHaveURL(`/deviceManagement/detail?id=${id}`);
    await expect(page).toHaveTitle(/^设备详情 - /);
    const reading = page.locator('.ant-descriptions').filter({ hasText: zh('fields.pumpStatus') });
    await expect(reading.getByText(zh(`values.pumpStatus.${latest.pumpStatus}`), { exact: true })).toBeVisible();
    await expect(reading.getByText(zh(`values.mode.${latest.mode}`), { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: zh('tabs.electrical') })).toBeVisible();
    await expect(page.getByRole('tab', { name: zh('tabs.battery') })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: zh('tabs.charger') })).toHaveCount(0);

    await page.getByRole('tab', { name: zh('tabs.construction') }).click();
    await expect(page.getByText(zh('construction.pump'), { exact: true })).toBeVisible();
    await expect(page.getByText(zh('construction.total'))).toBeVisible();
    await choose(page, zh('history.days_other', { count: 30 }));
    await expect(page.getByText(zh('history.rules'), { exact: false })).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { and, eq, isNull, notExists, notInArray, or } from 'drizzle-orm';
import { ROLE } from '@console/contract/codes/roles';
import { leaseContractEndpoints, type ContractOptions } from '@console/contract/http/lease-contracts';
import { openDb, type Db } from '@console/db/client';
import { deviceModels, devices } from '@console/db/schema/devices';
import { leasePeriods } from '@console/db/schema/lease-periods';
import { reservations } from '@console/db/schema/quotes';
import { users } from '@console/db/schema/accounts';
import { demoAccount } from '@console/db/seed/accounts';
import { seedDemo } from '@console/db/seed/demo';
import { Api } from '../../fixtures/e2e-api.ts';
import { contractForNewRenter, switchArrearsLockingOn } from '../../fixtures/e2e-lease.ts';
import { ESIGN_PORT } from '../../playwright.config.ts';
import { CONTROL_PORTS, startSimulator, type RunningSimulator } from '../../fixtures/e2e-simulator.ts';
import { freePort, ROOT, startServerProcess, type ServerRun } from '../../fixtures/server-process.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

/**
 * Issue 13's acceptance, across simulated time: a server of its own (moving the shared e2e server's clock would move
 * every other flow's) follows the simulator's clock (CLOCK_URL). Two simulated machines are delivered under a
 * contract; the simulator skips three weeks; the bill the server issued on the billing day is overdue, the arrears
 * lock the machines (they report it), a receipt unlocks them, and one comes back damaged, with its work order and its
 * last bill.
 */
const PORTS = { first: 18800, last: 18849 };
const DAY = 86_400_000;
const shanghaiDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);
const t = (key: string, params?: Record<string, string | number>) => text('en', key, params);

let dir: string;
let server: ServerRun;
let simulator: RunningSimulator;
let lease: { contractId: number; number: string; renterId: number; machines: { lineId: number; serial: string }[] };

/**
 * The lessor's machines in stock that the simulator can be: machines their crews work by day, so at night they stand
 * still (chargers and batteries charge the fleet at night). The contract form's options say which of them a new
 * contract may name (the demo year's contracts claim some), and none a quote or contract holds.
 */
function machinesInStock(db: Db, lessorOrgId: number) {
  return db
    .select({ id: devices.id, serial: devices.serialNumber, kind: deviceModels.category })
    .from(devices)
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(leasePeriods, and(eq(leasePeriods.deviceId, devices.id), isNull(leasePeriods.endOn)))
    .where(
      and(
        eq(devices.orgId, lessorOrgId),
        notInArray(deviceModels.category, ['charger', 'battery']),
        eq(devices.lockLevel, 'unlocked'),
        eq(devices.sleeping, false),
        isNull(leasePeriods.id),
        // Held by no seeded quote or contract, by name or by its model's count (decision 069): else it may be refused.
        notExists(
          db
            .select({ id: reservations.id })
            .from(reservations)
            .where(
              and(
                eq(reservations.state, 'held'),
                // The machine named, or a count of its model (any machine of it may be the one promised).
                or(eq(reservations.deviceId, devices.id), eq(reservations.modelId, devices.modelId)),
              ),
            ),
        ),
      ),
    )
    .orderBy(devices.id)
    .all();
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'simulated-month-'));
  const file = join(dir, 'console.db');
  const seeding = openDb(file);
  await seedDemo(seeding.db, { devices: 120, historyDevices: 0 });
  const lessorOrgId = (await seeding.db
    .select({ orgId: users.orgId })
    .from(users)
    .where(eq(users.mobile, demoAccount(ROLE.lessorAdmin)))
    .get())!.orgId;
  const candidates = await machinesInStock(seeding.db, lessorOrgId);
  seeding.close();

  const controlPort = await freePort(CONTROL_PORTS);
  const port = await freePort(PORTS);
  const mqttPort = await freePort(PORTS, [port]);
  server = await startServerProcess({
    dbFile: file,
    range: PORTS,
    ports: { port, mqttPort },
    env: {
      CLOCK_URL: `http://127.0.0.1:${controlPort}/clock`,
      WEB_DIST: resolve(ROOT, process.env.E2E_WEB_DIST ?? 'web/dist'),
      INGEST_FLUSH_MS: '50',
      ESIGN_URL: `http://127.0.0.1:${ESIGN_PORT}`,
    },
  });
  // The contract is signed on the e2e run's e-signature provider, which calls this server back on its own port.
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${port}` });
  const api = new Api(request);
  const { token } = await api.signIn(ROLE.lessorAdmin);
  const options = (await api.call(leaseContractEndpoints.options, { token })).data as ContractOptions;
  const offered = new Set(options.machines.map((m) => m.serialNumber));
  const picked = candidates.filter((m) => offered.has(m.serial)).slice(0, 2);
  expect(picked, 'two machines the simulator can be, offered for a new contract').toHaveLength(2);
  simulator = await startSimulator(
    picked.map((m) => ({ serial: m.serial, kind: m.kind, lat: 31.2, lng: 121.5, reportIntervalS: 2 })),
    { server: { port, mqttPort }, controlPort },
  );

  // Billed tomorrow (or on the 1st, at most three days on), due the day after.
  const tomorrow = Number(shanghaiDay(Date.now() + DAY).slice(8));
  const made = await contractForNewRenter(api, {
    name: `Simulated Month Works ${Date.now().toString(36).toUpperCase()}`,
    serials: picked.map((m) => m.serial),
    startOn: shanghaiDay(Date.now()),
    endOn: shanghaiDay(Date.now() + 300 * DAY),
    billingDay: tomorrow <= 28 ? tomorrow : 1,
    dueDays: 1,
  });
  // The lessor's administrator has switched arrears locking on (seeded off, decision 039's addendum): its default
  // steps.
  await switchArrearsLockingOn(api, made.token);
  await request.dispose();
  lease = {
    contractId: made.contractId,
    number: made.number,
    renterId: made.renterId,
    machines: made.lines.map(({ lineId, serial }) => ({ lineId, serial })),
  };
});

// What the flow's own server printed, beside a failure: it is written nowhere else.
// Playwright reads the fixtures a hook uses from its first parameter's pattern: this one uses none.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, info) => {
  if (info.status === info.expectedStatus) return;
  const log = info.outputPath('server.log');
  writeFileSync(log, server?.output.join('') ?? '');
  await info.attach('server.log', { path: log, contentType: 'text/plain' });
});

test.afterAll(async () => {
  await simulator?.stop();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A page of the console on this flow's server, signed in as the lessor's administrator, its browser's clock at the
 * simulated time (as a user's clock and the server's agree: forms take today's date from it).
 */
async function consolePage(browser: Browser, playwright: PlaywrightWorkerArgs['playwright']) {
  const baseURL = `http://127.0.0.1:${server.port}`;
  const context = await browser.newContext({ baseURL, timezoneId: 'Europe/Berlin', locale: 'en-GB' });
  await context.clock.install({ time: Date.parse((await simulator.client.clock()).now) });
  const request = await playwright.request.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, new Api(request), ROLE.lessorAdmin);
  return { page, close: async () => (await context.close(), await request.dispose()) };
}

async function pickMachine(page: Page, lineId: number, serial: string) {
  const select = page.getByRole('dialog').getByTestId(`line-${lineId}`);
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(serial, { exact: true }).click();
  await select.press('Escape');
}

const lockOf = async (serial: string) => (await simulator.client.machine(serial)).lock;

test('a month of a lease in simulated time: delivered, billed, overdue, locked, paid, unlocked, returned damaged', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  const handover = (key: string, params?: Record<string, string | number>) => t(`lease-handover:${key}`, params);
  const [first, second] = lease.machines as [(typeof lease.machines)[0], (typeof lease.machines)[0]];

  // Today: both machines delivered and confirmed.
  const today = await consolePage(browser, playwright);
  let page = today.page;
  await page.goto(`/leaseCenter/contractDetail?id=${lease.contractId}`);
  await page.getByRole('button', { name: handover('periods.deliver') }).click();
  for (const m of [first, second]) await pickMachine(page, m.lineId, m.serial);
  await page.getByRole('dialog').getByLabel(handover('fields.deliveredBy')).fill('Tom Harris');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: handover('form.saveDraft') })
    .click();
  await expect(page).toHaveURL(/\/leaseCenter\/enterDetail\?id=\d+$/);
  await page.getByRole('button', { name: handover('actions.confirm') }).click();
  await page.getByRole('button', { name: t('common:ok') }).click();
  await expect(page.getByTestId('handover-state')).toHaveText(t('codes:handoverState.confirmed'));
  await today.close();
  expect(await lockOf(first.serial)).toBe('unlocked');

  // Three weeks pass in the simulated world, to 10 pm at the site; the server follows its clock, bills on the billing
  // day, and the bill falls 17 to 20 days overdue: past the demo's first-level lock step (15 days). At night, as a
  // machine at work is locked only once it stops (decision 039), and the crews work by day.
  const simulatedNow = Date.parse((await simulator.client.clock()).now);
  const nightInThreeWeeks = Date.parse(`${shanghaiDay(simulatedNow + 21 * DAY)}T22:00:00+08:00`);
  await simulator.client.skip((nightInThreeWeeks - simulatedNow) / 3_600_000);
  for (const m of [first, second]) {
    await expect.poll(() => lockOf(m.serial), { timeout: 60_000, intervals: [1000] }).toBe('lock1');
  }

  // Three weeks on, the administrator signs in again: the arrears list shows the contract's overdue bill.
  const later = await consolePage(browser, playwright);
  page = later.page;
  await page.goto('/leaseCenter/arrears');
  await page.getByLabel(t('lease-billing:keyword'), { exact: true }).fill(lease.number);
  await page.getByRole('button', { name: t('common:search') }).click();
  await expect(page.getByRole('row').filter({ hasText: lease.number })).toBeVisible();

  // A receipt of what is owed: both machines unlock themselves.
  await page.goto(`/leaseCenter/receiptRecord?renterId=${lease.renterId}`);
  const owed = page.getByTestId('renter-arrears');
  await expect(owed).not.toHaveText('0.00');
  await page.getByLabel(t('lease-billing:receipt.amount'), { exact: true }).fill(await owed.innerText());
  await page.getByRole('button', { name: t('lease-billing:receipt.submit') }).click();
  await expect(owed).toHaveText('0.00');
  for (const m of [first, second]) {
    await expect.poll(() => lockOf(m.serial), { timeout: 60_000, intervals: [1000] }).toBe('unlocked');
  }

  // One comes back damaged: its work order, and the last bill of its lease.
  await page.goto(`/leaseCenter/contractDetail?id=${lease.contractId}`);
  await page.getByRole('button', { name: handover('periods.return') }).click();
  await pickMachine(page, first.lineId, first.serial);
  await page
    .getByRole('dialog')
    .getByLabel(handover('form.damageOf', { serial: first.serial }))
    .fill('Guard rail bent');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: handover('form.saveDraft') })
    .click();
  await expect(page).toHaveURL(/\/leaseCenter\/quitDetail\?id=\d+$/);
  await page.getByRole('button', { name: handover('actions.confirm') }).click();
  await page.getByRole('button', { name: t('common:ok') }).click();
  await expect(page.getByTestId('handover-state')).toHaveText(t('codes:handoverState.confirmed'));
  await expect(page.getByTestId('damage-work-order')).toHaveText(/^WO\d{12}$/);
  // The return billed the machine's last days at once (its bill is numbered after the contract, E and the period).
  await page.goto(`/financeCenter/billRecord?renterId=${lease.renterId}`);
  const returnBill = page.getByRole('row').filter({ hasText: new RegExp(`${lease.number}-E\\d+`) });
  await expect(returnBill).toContainText(t('lease-billing:ledgerType.bill'));
  await expect(page.locator('body')).not.toContainText(RAW_KEY);
  await later.close();
});

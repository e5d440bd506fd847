import { ROLE } from '@console/contract/codes/roles';
import { monitorEndpoints, type MonitoredMachine } from '@console/contract/http/monitor';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';

/** The video platform's port: the e2e server's VIDEO_URL names it (tests/playwright.config.ts). */
const VIDEO_PORT = Number(process.env.E2E_PORT ?? 18480) + 4;
const say = (key: string, params?: Record<string, string | number>) => text('en', `monitor:${key}`, params);

test.describe('video monitoring (English)', () => {
  test("plays a machine's camera live and keeps a snapshot among the machine's files", async ({ page, api }) => {
    test.slow();
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    // An aerial platform of the company that carries cameras; the simulator is that machine, its video platform
    // on the port the e2e server's VIDEO_URL names.
    const found = await api.call(monitorEndpoints.machines, { token: login.token, query: { pageSize: 50 } });
    const machine = (found.data.list as MonitoredMachine[]).find((m) => m.machineKind === 'aerialPlatform')!;
    const camera = machine.cameras[0]!;
    const simulator = await startSimulator(
      [{ serial: machine.serialNumber, kind: 'aerialPlatform', lat: 31.23, lng: 121.47 }],
      { controlPort: VIDEO_PORT },
    );
    try {
      await page.goto('/monitorManagement/monitor');
      await page.getByRole('searchbox', { name: say('tree.search') }).fill(machine.serialNumber);
      const list = page.getByTestId('monitor-machines');
      await expect(list.locator('section')).toHaveCount(1);
      await expect(list.getByText(machine.serialNumber, { exact: true })).toBeVisible();
      await list.getByRole('button', { name: `CH${camera.channel} ${camera.name}` }).click();

      // The first view plays the channel: a picture from the video platform, refreshed while it plays.
      const player = page.getByTestId(`player-${camera.id}`);
      const picture = player.getByRole('img', { name: new RegExp(machine.serialNumber) });
      await expect(picture).toBeVisible();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          message: 'the live picture loads',
        })
        .toBe(640);
      const first = await picture.getAttribute('src');
      expect(first).toContain(`http://localhost:${VIDEO_PORT}/video/live/${machine.serialNumber}/${camera.channel}?`);
      await expect.poll(() => picture.getAttribute('src'), { message: 'the next picture follows' }).not.toBe(first);

      // A snapshot is kept with the machine: its files list it.
      await player.getByRole('button', { name: say('player.snapshot') }).click();
      const saved = page.getByText(/Snapshot .* saved with the machine/);
      await expect(saved).toBeVisible();
      await page.getByRole('link', { name: say('player.openFiles') }).click();
      await expect(page).toHaveURL(new RegExp(`/deviceManagement/detail\\?id=${machine.deviceId}`));
      await expect(
        page.getByText(new RegExp(`^${machine.serialNumber}-CH${camera.channel}-\\d{14}\\.jpg$`)),
      ).toBeVisible();
      await expect(page.locator('body')).not.toContainText(RAW_KEY);
    } finally {
      await simulator.stop();
    }
  });
});

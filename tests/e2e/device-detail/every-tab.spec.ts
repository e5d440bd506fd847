import type { Page } from '@playwright/test';
import { MACHINE_KINDS, type MachineKind } from '@console/contract/codes/machine-kinds';
import { ROLE } from '@console/contract/codes/roles';
import { deviceEndpoints } from '@console/contract/http/devices';
import type { Api } from '../../fixtures/e2e-api.ts';
import { expect, RAW_KEY, signInAs, test, text } from '../../fixtures/e2e.ts';

/** Tabs every machine has; the telemetry tabs (electrical, construction, charger, battery) follow its kind. */
const COMMON_TABS = ['overview', 'location', 'deviceLog', 'operationLog', 'parameters', 'risk', 'alarms', 'files'];

/** The serial number and id of a seeded machine of each kind, as the operator's administrator sees them. */
async function oneOfEachKind(api: Api, token: string) {
  const machines: { kind: MachineKind; id: number; serialNumber: string }[] = [];
  for (const kind of MACHINE_KINDS) {
    const list = await api.call(deviceEndpoints.list, { token, query: { kind, pageSize: 1 } });
    const machine = list.data.list[0] as { id: number; serialNumber: string } | undefined;
    if (!machine) throw new Error(`the seeded fleet has no ${kind}`);
    machines.push({ kind, ...machine });
  }
  return machines;
}

/**
 * Open every tab the page offers, in order: each shows its content, settles, and holds no error or raw key. (The
 * seeded business is Chinese, so names and places in the data are too, whatever the console's language.) Tabs
 * named in `seen` were read already, on another machine, and are only listed.
 */
async function openEveryTab(page: Page, seen?: Set<string>) {
  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())!;
    names.push(name);
    if (seen?.has(name)) continue;
    seen?.add(name);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name });
    await expect(panel).toBeVisible();
    await expect(panel.locator('.ant-spin-spinning')).toHaveCount(0);
    // No failed load (error, forbidden or not found) in any tab of a machine the user may see.
    await expect(panel.locator('.ant-result')).toHaveCount(0);
    const shown = await panel.innerText();
    expect(shown, `${name}: raw message key`).not.toMatch(RAW_KEY);
  }
  return names;
}

for (const lang of ['en', 'zh-cn'] as const) {
  test.describe(`every detail tab of every machine kind (${lang === 'en' ? 'English' : 'Chinese'})`, () => {
    if (lang === 'zh-cn') test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

    test('opens, loads and reads cleanly', async ({ page, api }) => {
      // Eight machines, a dozen tabs each: several times the usual time on a busy machine.
      test.slow();
      const login = await signInAs(page, api, ROLE.companyAdmin);
      // Every kind's data loads in English; in Chinese, each tab is read once, whichever machine first has it.
      const seen = lang === 'en' ? undefined : new Set<string>();
      for (const machine of await oneOfEachKind(api, login.token)) {
        await page.goto(`/deviceManagement/detail?id=${machine.id}`);
        await expect(page.getByText(machine.serialNumber, { exact: true }).first()).toBeVisible();
        const names = await openEveryTab(page, seen);
        for (const key of COMMON_TABS) {
          expect(names, `${machine.kind} lacks ${key}`).toContain(text(lang, `device-detail:tabs.${key}`));
        }
        // Each kind reports something over time: at least one telemetry tab beside the common ones.
        expect(names.length, `${machine.kind}: no telemetry tab`).toBeGreaterThan(COMMON_TABS.length);
      }
    });
  });
}

import { expect as expectPage, type Locator, type Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { authEndpoints } from '@console/contract/http/auth';
import { dashboardEndpoints } from '@console/contract/http/dashboard';
import { deviceEndpoints } from '@console/contract/http/devices';
import { fenceEndpoints } from '@console/contract/http/fences';
import { translate } from '@console/contract/messages/translate';
import { confirmPopover, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';
import { startSimulator } from '../../fixtures/e2e-simulator.ts';

/** The data rows of a list's table (antd adds a hidden measuring row first). */
const dataRows = (scope: Page | Locator) => scope.locator('tbody tr.ant-table-row');

/** Fill a date or time picker and confirm it, as a user typing does. */
async function typeInto(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Enter');
}

/** Draw a circle with the editor: pick the tool, click the centre, then a point on the rim. */
async function drawCircle(page: Page, lang: UiLang) {
  await page.getByRole('button', { name: text(lang, 'fences:editor.circle') }).click();
  const map = page.getByRole('application', { name: text(lang, 'fences:editor.map') });
  const box = (await map.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.click(centre.x, centre.y);
  await page.mouse.move(centre.x + 60, centre.y, { steps: 5 });
  await page.mouse.click(centre.x + 120, centre.y);
}

/** Draw a rectangle with the editor: pick the tool, press on one corner, drag to the opposite one and let go. */
async function drawRectangle(page: Page, lang: UiLang, from: [number, number], to: [number, number]) {
  await page.getByRole('button', { name: text(lang, 'fences:editor.rectangle') }).click();
  const map = page.getByRole('application', { name: text(lang, 'fences:editor.map') });
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 8 });
  await page.mouse.up();
}

test.describe('fences (English)', () => {
  test('draws a circle fence, refuses a radius over 5000 m, saves it and binds a machine', async ({ page, api }) => {
    // A long flow on a map (draw, refuse, save, bind): three times the usual time on a busy machine.
    test.slow();
    const lang = 'en';
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const machine = (
      await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'forklift', pageSize: 50 } })
    ).data.list.find((d: { editable: boolean }) => d.editable);
    const name = `Yard ${Date.now()}`;

    await page.goto('/fenceManagement/list');
    await page.getByRole('link', { name: text(lang, 'fences:list.add') }).click();
    const form = page.locator('form#fence');
    await form.getByLabel(text(lang, 'fences:fields.name')).fill(name);
    await typeInto(form.getByLabel(text(lang, 'fences:fields.startDate')), '2026-01-01');
    await typeInto(form.getByLabel(text(lang, 'fences:fields.endDate')), '2027-12-31');
    await typeInto(form.getByLabel(text(lang, 'fences:fields.alarmStart')), '08:00');
    await typeInto(form.getByLabel(text(lang, 'fences:fields.alarmEnd')), '18:00');
    await form.getByLabel(text(lang, 'fences:fields.contactPhone'), { exact: true }).fill('13900002468');
    // The brand is regional (zh): a new fence starts on the regional map.
    await expect(form.getByRole('radio', { name: text(lang, 'fences:maps.regional') })).toBeChecked();

    // Around Shanghai at city zoom, a circle drawn 120 px wide is many kilometres: refused, here and on saving.
    await drawCircle(page, lang);
    const radius = page.getByRole('spinbutton', { name: text(lang, 'fences:editor.radius') });
    await expect(radius).toBeVisible();
    expect(Number((await radius.inputValue()).replace(/\D/g, ''))).toBeGreaterThan(5000);
    const tooLarge = page.getByText(translate('en_US', 'fences.radiusMax'));
    await expect(tooLarge).toBeVisible();
    await radius.fill('5001');
    await page.getByRole('button', { name: text(lang, 'common:save') }).click();
    await expect(tooLarge).toBeVisible();
    await expectPage(page).toHaveURL(/\/deviceManagement\/fence$/);

    await radius.fill('800');
    await expect(tooLarge).toHaveCount(0);
    await page.getByRole('button', { name: text(lang, 'common:save') }).click();
    await expect(page.getByText(text(lang, 'fences:detail.created'))).toBeVisible();
    await expectPage(page).toHaveURL(/\/deviceManagement\/fence\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = (await api.call(fenceEndpoints.detail, { token: login.token, query: { id } })).data;
    expect(saved.shape).toMatchObject({ type: 'circle', radius: 800 });
    expect(saved).toMatchObject({ mapProvider: 'regional', alarmStart: '08:00', alarmEnd: '18:00' });

    // Bind a machine found by its serial number; it joins the fence's machines, linked to its detail.
    await page.getByRole('button', { name: text(lang, 'fences:machines.bind') }).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'fences:machines.bindTitle', { name }) });
    await dialog.getByLabel(text(lang, 'fences:machines.pick')).click();
    await page.keyboard.type(machine.serialNumber);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: machine.serialNumber })
      .first()
      .click();
    // A multiple select stays open after a choice: close it before confirming.
    await dialog.getByText(text(lang, 'fences:machines.bindTitle', { name })).click();
    await expect(dialog.getByLabel(text(lang, 'fences:machines.pick'))).toHaveAttribute('aria-expanded', 'false');
    await dialog.getByRole('button', { name: text(lang, 'fences:machines.bind') }).click();
    await expect(page.getByText(text(lang, 'fences:machines.bound_one', { count: 1 }))).toBeVisible();
    const bound = dataRows(page).filter({ hasText: machine.serialNumber });
    await expect(bound).toBeVisible();
    await expect(bound.getByRole('link', { name: machine.serialNumber })).toHaveAttribute(
      'href',
      `/deviceManagement/detail?id=${machine.id}`,
    );

    const listed = await api.call(fenceEndpoints.list, { token: login.token, query: { name } });
    expect(listed.data.list[0].deviceCount).toBe(1);
    await api.call(fenceEndpoints.delete, { token: login.token, body: { id } });
  });

  test('lists a fence with its machines, leads to them, and deletes it after confirmation', async ({ page, api }) => {
    const lang = 'en';
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const machine = (
      await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'mower', pageSize: 50 } })
    ).data.list.find((d: { editable: boolean }) => d.editable);
    const name = `Depot ${Date.now()}`;
    const created = await api.call(fenceEndpoints.create, {
      token: login.token,
      body: {
        name,
        startDate: '2026-01-01',
        endDate: '2027-12-31',
        alarmStart: '08:00',
        alarmEnd: '18:00',
        contactName: 'Wang Li',
        areaCode: '86',
        contactPhone: '13900002468',
        shape: { type: 'circle', center: [31.2304, 121.4737], radius: 800 },
      },
    });
    const id = created.data.id as number;
    await api.call(fenceEndpoints.bind, { token: login.token, body: { id, deviceIds: [machine.id] } });

    await page.goto('/fenceManagement/list');
    await page.getByLabel(text(lang, 'fences:fields.name')).first().fill(name);
    await page.getByLabel(text(lang, 'fences:fields.name')).first().press('Enter');
    const row = dataRows(page).filter({ hasText: name });
    await expect(row).toContainText('Circle');
    await expect(row).toContainText('08:00-18:00');
    await expect(row).toContainText('+86 13900002468');
    await expect(row).toContainText('Wang Li');
    await row.getByRole('link', { name: '1', exact: true }).click();
    await expectPage(page).toHaveURL(new RegExp(`/deviceManagement\\?fenceId=${id}`));
    await expect(dataRows(page).filter({ hasText: machine.serialNumber })).toBeVisible();

    await page.goBack();
    await dataRows(page)
      .filter({ hasText: name })
      .getByRole('button', { name: text(lang, 'common:delete') })
      .click();
    await confirmPopover(page);
    await expect(page.getByText(text(lang, 'fences:list.deleted'))).toBeVisible();
    expect((await api.call(fenceEndpoints.detail, { token: login.token, query: { id } })).status).toBe('404');
  });
});

/** Fill the fields every fence needs, watching all day so the test's hour does not matter. */
async function fillFence(page: Page, lang: UiLang, name: string) {
  const form = page.locator('form#fence');
  await form.getByLabel(text(lang, 'fences:fields.name')).fill(name);
  await typeInto(form.getByLabel(text(lang, 'fences:fields.startDate')), '2026-01-01');
  await typeInto(form.getByLabel(text(lang, 'fences:fields.endDate')), '2027-12-31');
  await typeInto(form.getByLabel(text(lang, 'fences:fields.alarmStart')), '00:00');
  await typeInto(form.getByLabel(text(lang, 'fences:fields.alarmEnd')), '23:59');
  await form.getByLabel(text(lang, 'fences:fields.contactPhone'), { exact: true }).fill('13900002468');
}

/** Save the fence on the page and answer its id, once the page has become the saved fence's. */
async function saveFence(page: Page, lang: UiLang): Promise<number> {
  await page.getByRole('button', { name: text(lang, 'common:save') }).click();
  await expect(page.getByText(text(lang, 'fences:detail.created'))).toBeVisible();
  await expectPage(page).toHaveURL(/\/deviceManagement\/fence\?id=\d+/);
  return Number(new URL(page.url()).searchParams.get('id'));
}

test.describe('fences (English), the other shapes and the alarm', () => {
  test('finds a place, draws a rectangle and a polygon, saves each as drawn, and shows bound machines', async ({
    page,
    api,
  }) => {
    test.slow();
    const lang = 'en';
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    const ids: number[] = [];
    try {
      await page.goto('/deviceManagement/fence');
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await expect(breadcrumb.getByRole('link', { name: text(lang, 'fences:list.title') })).toHaveAttribute(
        'href',
        '/fenceManagement/list',
      );
      await expect(breadcrumb).toContainText(text(lang, 'fences:detail.newTitle'));
      await fillFence(page, lang, `Rectangle ${Date.now()}`);
      // A place the console knows: where the company's machines are. Enter takes the first one found.
      const search = page.getByRole('combobox', { name: text(lang, 'fences:editor.placeSearch') });
      await search.fill('浦东');
      await expect(page.getByRole('option', { name: /浦东/ }).first()).toBeAttached();
      await search.press('Enter');
      await expect(search).toHaveValue(/浦东/);

      // The tool in use is shown pressed until the rectangle is drawn.
      const rectangleTool = page.getByRole('button', { name: text(lang, 'fences:editor.rectangle') });
      await rectangleTool.click();
      await expect(rectangleTool).toHaveAttribute('aria-pressed', 'true');
      await rectangleTool.click();
      await expect(rectangleTool).toHaveAttribute('aria-pressed', 'false');
      await drawRectangle(page, lang, [200, 100], [320, 200]);
      await expect(rectangleTool).toHaveAttribute('aria-pressed', 'false');
      ids.push(await saveFence(page, lang));
      const rectangle = (await api.call(fenceEndpoints.detail, { token: login.token, query: { id: ids[0] } })).data;
      expect(rectangle.shape.type).toBe('rectangle');
      const [[south, west], [north, east]] = rectangle.shape.bounds;
      expect(north).toBeGreaterThan(south);
      expect(east).toBeGreaterThan(west);

      // A polygon: four corners, closed on the first one.
      await page.goto('/deviceManagement/fence');
      await fillFence(page, lang, `Polygon ${Date.now()}`);
      await page.getByRole('button', { name: text(lang, 'fences:editor.polygon') }).click();
      const map = page.getByRole('application', { name: text(lang, 'fences:editor.map') });
      const box = (await map.boundingBox())!;
      const corners = [
        [200, 100],
        [320, 110],
        [340, 220],
        [210, 200],
        [200, 100],
      ] as const;
      for (const [x, y] of corners) {
        await page.mouse.move(box.x + x, box.y + y, { steps: 3 });
        await page.mouse.click(box.x + x, box.y + y);
      }
      ids.push(await saveFence(page, lang));
      const polygon = (await api.call(fenceEndpoints.detail, { token: login.token, query: { id: ids[1] } })).data;
      expect(polygon.shape.type).toBe('polygon');
      expect(polygon.shape.points).toHaveLength(4);

      // A saved fence with machines draws them on its map (two machines that report a position).
      const fleet = await api.call(dashboardEndpoints.positions, { token: login.token });
      const deviceIds = (fleet.data.ids as number[]).slice(0, 2);
      await api.call(fenceEndpoints.bind, { token: login.token, body: { id: ids[1], deviceIds } });
      await page.reload();
      await expect(map.locator('.fence-machine')).toHaveCount(deviceIds.length);
    } finally {
      for (const id of ids) await api.call(fenceEndpoints.delete, { token: login.token, body: { id } });
    }
  });

  test('a bound machine the simulator drives out raises the exit alarm, live, and texts the contact', async ({
    page,
    api,
  }) => {
    test.slow();
    const lang = 'en';
    const login = await signInAs(page, api, ROLE.lessorAdmin);
    // The company's last forklift on the first page (other tests take the first machines of a kind): at work it
    // stays within 250 m of its site, well inside the fence, until the test drives it out.
    const machine = (
      await api.call(deviceEndpoints.list, { token: login.token, query: { kind: 'forklift', pageSize: 50 } })
    ).data.list.findLast((d: { editable: boolean }) => d.editable);
    const site = { lat: 31.1, lng: 121.6 };
    const contactPhone = `139${String(Date.now()).slice(-8)}`;
    const name = `Forklift yard ${Date.now()}`;
    const created = await api.call(fenceEndpoints.create, {
      token: login.token,
      body: {
        name,
        startDate: '2026-01-01',
        endDate: '2027-12-31',
        alarmStart: '00:00',
        alarmEnd: '23:59',
        contactName: 'Zhao Min',
        areaCode: '86',
        contactPhone,
        // About 1.1 km by 1 km around the site.
        shape: {
          type: 'rectangle',
          bounds: [
            [site.lat - 0.005, site.lng - 0.005],
            [site.lat + 0.005, site.lng + 0.005],
          ],
        },
      },
    });
    const id = created.data.id as number;
    await api.call(fenceEndpoints.bind, { token: login.token, body: { id, deviceIds: [machine.id] } });
    const simulator = await startSimulator([{ serial: machine.serialNumber, kind: 'forklift', ...site }]);
    try {
      await page.goto('/warning/all');
      await expect(dataRows(page).first()).toBeVisible();
      const exitRow = dataRows(page)
        .filter({ hasText: machine.serialNumber })
        .filter({ hasText: text(lang, 'codes:alarmType.fenceExit') });
      await expect(exitRow).toHaveCount(0);

      // Out of the yard, 2 km east: the alarm centre shows it without a reload.
      await simulator.client.move(machine.serialNumber, { to: { lat: site.lat, lng: site.lng + 0.02 }, speedKmh: 120 });
      await expect(exitRow.first()).toBeVisible({ timeout: 45_000 });

      // The fence's own alarm list has it, and the contact got a text naming the machine and the fence.
      await page.goto(`/deviceManagement/fence?id=${id}&tab=alarms`);
      await expect(
        dataRows(page)
          .filter({ hasText: machine.serialNumber })
          .filter({ hasText: text(lang, 'codes:alarmType.fenceExit') }),
      ).toBeVisible();
      const texts = (await api.call(authEndpoints.devSms, { query: { mobile: contactPhone } })).data as {
        text: string;
      }[];
      expect(texts.some((m) => m.text.includes(machine.serialNumber) && m.text.includes(name))).toBe(true);
    } finally {
      await simulator.stop();
      await api.call(fenceEndpoints.delete, { token: login.token, body: { id } });
    }
  });
});

test.describe('fences (Chinese)', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('refuses an empty fence with the spec’s rules, in Chinese', async ({ page, api }) => {
    const lang = 'zh-cn';
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto('/fenceManagement/list');
    await expectPage(page).toHaveTitle(new RegExp(`^${text(lang, 'fences:list.title')} - `));
    await page.getByRole('link', { name: text(lang, 'fences:list.add') }).click();
    await page.getByRole('button', { name: text(lang, 'common:save') }).click();
    for (const key of [
      'fences.nameRequired',
      'fences.datesRequired',
      'fences.windowIncomplete',
      'fences.shapeRequired',
    ]) {
      await expect(page.getByText(translate('zh_CN', key)).first()).toBeVisible();
    }
    // A rectangle drawn on the map satisfies the shape rule.
    await drawRectangle(page, lang, [100, 100], [200, 200]);
    await expect(page.getByText(translate('zh_CN', 'fences.shapeRequired'))).toHaveCount(0);
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  });
});

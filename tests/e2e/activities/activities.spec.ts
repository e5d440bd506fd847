import { ROLE } from '@console/contract/codes/roles';
import { activityEndpoints } from '@console/contract/http/activities';
import { expect, signInAs, test, text } from '../../fixtures/e2e.ts';

const t = (key: string) => text('en', `activities:${key}`);

test("the platform's staff add an activity pushed now: it is listed as pushed and the app reads it", async ({
  page,
  api,
}) => {
  await signInAs(page, api, ROLE.companyEmployee);
  await page.goto('/approvalManagement/activityManagement');
  await page.getByRole('button', { name: t('add') }).click();
  const dialog = page.getByRole('dialog', { name: t('addTitle') });
  const title = `Spring fair ${Date.now()}`;
  await dialog.getByLabel(t('activityTitle')).fill(title);
  await dialog.getByLabel(t('content')).fill('Every boom lift at the spring rate.');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'fair.png',
    mimeType: 'image/png',
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  // From an hour ago to a week on, picked as a user does.
  const at = (offsetH: number) => {
    const d = new Date(Date.now() + offsetH * 3600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  };
  for (const [label, value] of [
    [t('startAt'), at(-1)],
    [t('endAt'), at(-2)],
  ] as const) {
    await dialog.getByLabel(label).fill(value);
    await dialog.getByLabel(label).press('Enter');
  }
  await dialog.getByRole('button', { name: 'OK' }).click();
  // An end before the start is refused on its field, and the activity is not saved.
  await expect(dialog.getByText('The end time is not before the start time')).toBeVisible();
  await dialog.getByLabel(t('endAt')).fill(at(24 * 7));
  await dialog.getByLabel(t('endAt')).press('Enter');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(t('states.notExpired'));
  await expect(row).toContainText(t('pushStates.pushed'));
  const live = await api.call(activityEndpoints.live, { query: { appid: 'zjcloud', platform: 'ios' } });
  expect((live.data as { list: { title: string }[] }).list.map((a) => a.title)).toContain(title);
});

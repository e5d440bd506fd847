import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { translate } from '@console/contract/messages/translate';
import { addDays } from '@console/contract/codes/lease-billing';
import { dayInZone } from '@console/server/src/lib/time';
import {
  approvedForNewRenter,
  machinesNeverLeased,
  providerLosesFlow,
  signAtProvider,
  startSigningInConsole,
} from '../../fixtures/e2e-lease.ts';
import { CHINESE, expect, RAW_KEY, signInAs, test, text, type UiLang } from '../../fixtures/e2e.ts';

/**
 * A signing the e-signature provider lost (decision 059's addendum): asking the provider again from the contract's
 * page says so in the console's language; the administrator calls the signing off with a reason, sends the contract
 * again, and both parties sign it into execution.
 */

/** The party's link on the signing card, as the page shows it to the lessor's people. */
function signingLink(page: Page, lang: UiLang, party: 'lessee' | 'lessor') {
  const t = (key: string) => text(lang, `lease-contracts:${key}`);
  return page
    .locator('.ant-descriptions-item')
    .filter({ hasText: t(`detail.${party}Link`) })
    .getByRole('link', { name: t('detail.openSigning') });
}

test.describe('in Chinese', () => {
  test.use({ timezoneId: 'Asia/Shanghai', locale: 'zh-CN' });

  test('电子签平台丢失签署流程：查询时提示，填写原因撤销后重新发起，双方签署后合同执行中', async ({ page, api }) => {
    const lang: UiLang = 'zh-cn';
    const c = (key: string, params?: Record<string, string | number>) => text(lang, `lease-contracts:${key}`, params);
    const status = (key: string) => text(lang, `codes:contractStatus.${key}`);
    const name = `Lost Signing Works ${Date.now().toString(36).toUpperCase()}`;
    const today = dayInZone(Date.now(), 'Asia/Shanghai');
    const contract = await approvedForNewRenter(api, {
      name,
      serials: await machinesNeverLeased(api, 1),
      startOn: today,
      endOn: addDays(today, 90),
      billingDay: 1,
      dueDays: 10,
    });
    await signInAs(page, api, ROLE.lessorAdmin);
    await page.goto(`/leaseCenter/contractDetail?id=${contract.contractId}`);
    const contractStatus = page.getByTestId('contract-status');
    const ask = page.getByRole('button', { name: c('actions.askSigning') });

    await test.step('send it for signing; the lessee signs; asking the provider finds nothing new', async () => {
      await expect(contractStatus).toHaveText(status('awaitingSignInitiation'));
      await startSigningInConsole(page, lang);
      await expect(contractStatus).toHaveText(status('awaitingLesseeSign'));
      await signAtProvider(page, lang, 'lessee', name);
      await expect(contractStatus).toHaveText(status('awaitingLessorSign'));
      await ask.click();
      await expect(page.getByText(c('done.askSigningNothing'))).toBeVisible();
      await expect(contractStatus).toHaveText(status('awaitingLessorSign'));
    });

    const lost = await signingLink(page, lang, 'lessee').getAttribute('href');
    await test.step('the provider loses the flow: asking it again says so, in Chinese', async () => {
      await providerLosesFlow((await signingLink(page, lang, 'lessor').getAttribute('href'))!);
      await ask.click();
      const refusal = translate('zh_CN', 'lease.signingLost');
      expect(refusal).toMatch(CHINESE);
      await expect(page.getByText(refusal)).toBeVisible();
      await expect(contractStatus).toHaveText(status('awaitingLessorSign'));
    });

    const reason = '电子签平台丢失签署流程，重新发起';
    await test.step('call the signing off with a reason: the contract waits to be sent again, saying why', async () => {
      await page.getByRole('button', { name: c('actions.cancelSigning') }).click();
      const dialog = page.getByRole('dialog', { name: c('confirm.cancelSigning', { number: contract.number }) });
      await dialog.getByLabel(c('dialogs.reason')).fill(reason);
      await dialog.getByRole('button', { name: c('actions.cancelSigning') }).click();
      await expect(dialog).toBeHidden();
      await expect(contractStatus).toHaveText(status('awaitingSignInitiation'));
      const cancelled = page.getByTestId('timeline-event').filter({ hasText: c('events.cancelSigning') });
      await expect(cancelled).toContainText(c('detail.reason', { reason }));
      await expect(page.getByText(c('signing.cancelled'), { exact: true })).toBeVisible();
      // The lost flow's pages lead nowhere: its links are no longer offered.
      await expect(signingLink(page, lang, 'lessee')).toHaveCount(0);
      await expect(signingLink(page, lang, 'lessor')).toHaveCount(0);
    });

    await test.step('send it again: both parties sign on the new flow and the contract is in execution', async () => {
      await startSigningInConsole(page, lang);
      await expect(contractStatus).toHaveText(status('awaitingLesseeSign'));
      // The parties' links open the new flow at the provider, not the lost one.
      await expect(signingLink(page, lang, 'lessee')).not.toHaveAttribute('href', lost!);
      await signAtProvider(page, lang, 'lessee', name);
      await expect(contractStatus).toHaveText(status('awaitingLessorSign'));
      await signAtProvider(page, lang, 'lessor', '李华');
      await expect(contractStatus).toHaveText(status('inExecution'));
      await expect(page.getByTestId('timeline-event').last()).toContainText(c('events.lessorSigned'));
      await expect(page.locator('body')).not.toContainText(RAW_KEY);
    });
  });
});

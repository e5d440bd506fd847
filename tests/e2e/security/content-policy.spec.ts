import type { Page } from '@playwright/test';
import { ROLE } from '@console/contract/codes/roles';
import { expect, signInThroughUi, test } from '../../fixtures/e2e.ts';

/**
 * The console and the API reference work under the server's Content-Security-Policy: the sign-in page runs,
 * the fleet map draws, the reference renders, and the browser reports no blocked script, style or image.
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return violations;
}

test.describe('content security policy', () => {
  test('the console signs in and draws the fleet map with nothing blocked', async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/login');
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInThroughUi(page, ROLE.lessorAdmin);
    await page.goto('/dashboard');
    const map = page.locator('[data-basemap]');
    await expect(map).toHaveAttribute('data-basemap', 'offline', { timeout: 20_000 });
    await expect(map.locator('.leaflet-basemap-pane canvas')).toBeVisible();
    await expect(map.locator('.fleet-cluster').first()).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the API reference renders the published document with nothing blocked', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Machinery lease console API');
    await expect(page.getByRole('button', { name: /^POST \/api\/login\.do / })).toBeVisible();
    expect(violations).toEqual([]);
  });
});

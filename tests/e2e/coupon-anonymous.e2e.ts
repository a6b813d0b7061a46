import { expect, test } from '@playwright/test';

/**
 * The claim centre for a visitor who has not logged in (issue #24), in Chromium against
 * `storefront start`, in a phone-wide window: the home's 领券中心 opens the claim centre itself,
 * 立即领取 asks to log in, and the login comes back to the claim centre, where the claim succeeds.
 */

test.use({ viewport: { width: 375, height: 812 } });

test('an anonymous visitor browses the claim centre, logs in to claim, and comes back to claim', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/#/');
  await page.getByRole('link', { name: '领券中心' }).click();
  await expect(page).toHaveURL(/#\/marketing\/coupon\/coupon\?tab=centre$/);
  const ticket = page.getByRole('article', { name: '全场8.5折' });
  await ticket.getByRole('button', { name: '立即领取' }).click();

  await expect(page).toHaveURL(/#\/pages\/login\/login\?returnTo=/);
  await page.getByLabel('账号').fill('demo');
  await page.getByLabel('密码', { exact: true }).fill('demo123456');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();

  await expect(page).toHaveURL(/#\/marketing\/coupon\/coupon\?tab=centre$/);
  await expect(page.getByRole('tab', { name: '领券中心' })).toHaveAttribute('aria-selected', 'true');
  await ticket.getByRole('button', { name: '立即领取' }).click();
  await expect(page.getByText('领取成功')).toBeVisible();
  await expect(ticket.getByText('已领取')).toBeVisible();
  expect(errors).toEqual([]);
});

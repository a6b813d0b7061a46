import { expect, test, type Locator, type Page } from '@playwright/test';
import { addFirstAddress, addWaterToCart, newCardKey, redeemCardKey, register } from './helpers';

/**
 * Paying with a short balance (issue #11), in Chromium against `storefront start`, in a phone-wide
 * window: a new shopper (¥0.00) orders, finds the payment disabled with the reason beside it, tops
 * up with a card key staff generated, comes back to the same order and pays. On the way: the
 * invoice form keeps 纳税人识别号 on one line and says what a taxpayer id is, the member centre
 * counts the orders in each state, and "my orders" shows all six tabs, 已取消 included.
 */

test.use({ viewport: { width: 375, height: 812 } });

/** Whether the element lies wholly inside the window, left to right. */
async function fullyInWindow(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

/** The member centre's order entry `label` and its badge (null without one). */
async function entryBadge(page: Page, label: string): Promise<string | null> {
  const entry = page.getByRole('region', { name: '我的订单' }).getByRole('link').filter({ hasText: label });
  await expect(entry).toBeVisible();
  const badge = entry.locator('.sf-badge');
  return (await badge.count()) > 0 ? badge.textContent() : null;
}

test('a shopper short of balance tops up with a card key from the payment screen, comes back and pays', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await register(page, `pay${Date.now().toString(36)}`, 'secret123');

  // Goods → cart → settlement.
  await addWaterToCart(page);
  await page.goto('/#/pages/cart/cart');
  await page.getByRole('button', { name: /去结算\(1\)/ }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/settlement\?from=cart/);
  await addFirstAddress(page);

  // The invoice: 纳税人识别号 on one line, and a bad id told what is expected.
  await page.getByRole('switch', { name: '需要发票' }).check();
  const taxLabel = page.locator('label', { hasText: '纳税人识别号' });
  const lineHeight = await page.locator('label', { hasText: '发票抬头' }).evaluate((el) => el.getBoundingClientRect().height);
  expect((await taxLabel.boundingBox())?.height).toBeLessThanOrEqual(lineHeight + 1);
  await page.getByLabel('发票抬头').fill('个人');
  await page.getByLabel('纳税人识别号').fill('12345');
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText('纳税人识别号应为 15、18 或 20 位数字或大写字母')).toBeVisible();
  await page.getByLabel('纳税人识别号').fill('');
  await page.getByRole('switch', { name: '需要发票' }).uncheck();
  await page.getByRole('button', { name: '提交订单' }).click();

  // The payment screen: ¥0.00 is short of ¥39.90, so the button is disabled with the reason beside it.
  await expect(page).toHaveURL(/#\/pages\/order\/pay\?order_no=\d{20}/);
  const payUrl = page.url();
  const pay = page.getByRole('button', { name: '余额支付 ¥39.90' });
  await expect(page.getByText('余额不足，还差 ¥39.90')).toBeVisible();
  await expect(pay).toBeDisabled();
  expect(await fullyInWindow(page, page.getByText('余额不足，还差 ¥39.90'))).toBe(true);

  // The member centre counts it as unpaid.
  await page.goto('/#/pages/user/user');
  // The counts come with the order plugin's code, which the member centre loads for its badges.
  await expect.poll(() => entryBadge(page, '待付款')).toBe('1');
  expect(await entryBadge(page, '待发货')).toBeNull();
  await page.goto(payUrl);

  // Top up with a card key staff generated, and come back to this order.
  const key = newCardKey('--balance', '50');
  await page.getByRole('link', { name: /卡密充值/ }).click();
  await expect(page).toHaveURL(/#\/user\/cdkey\/addCdkey\?returnTo=/);
  await redeemCardKey(page, key);
  await expect(page.getByText('兑换成功，余额 +¥50.00')).toBeVisible();
  await expect(page).toHaveURL(payUrl);
  await expect(page.getByText('可用余额 ¥50.00')).toBeVisible();
  await expect(page.getByText(/余额不足/)).toHaveCount(0);

  // Pay.
  await expect(pay).toBeEnabled();
  await pay.click();
  await page.getByRole('dialog').getByRole('button', { name: /确定|确认/ }).click();
  await expect(page.getByText('支付成功')).toBeVisible();

  // The counts follow; the balance page offers its actions.
  await page.goto('/#/pages/user/user');
  await expect.poll(() => entryBadge(page, '待发货')).toBe('1');
  expect(await entryBadge(page, '待付款')).toBeNull();
  await page.goto('/#/user/money/money');
  await expect(page.getByText('¥10.10').first()).toBeVisible();
  const actions = page.getByRole('navigation', { name: '余额操作' });
  await expect(actions.getByRole('link', { name: '提现' })).toBeVisible();
  await expect(actions.getByRole('link', { name: '卡密兑换' })).toBeVisible();

  // My orders: all six tabs in the window, 已取消 too.
  await page.goto('/#/user/myOrder/myOrder');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['全部', '待付款', '待发货', '待收货', '已收货', '已取消', '已退款']);
  for (const tab of await tabs.all()) expect(await fullyInWindow(page, tab), await tab.textContent() ?? '').toBe(true);
  await page.getByRole('tab', { name: '已取消' }).click();
  await expect(page).toHaveURL(/type=cancelled/);
  expect(errors).toEqual([]);
});

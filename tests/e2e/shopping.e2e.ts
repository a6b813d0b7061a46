import { expect, test, type Page } from '@playwright/test';
import { logIn, storefront } from './helpers';

/**
 * The shopping path (issue #4), in Chromium against `storefront start` on a fresh demo site:
 * goods → cart → settlement (the demo's default address) → pay with the balance → "to ship" → staff ship it
 * with `storefront order ship` → the shopper confirms receipt.
 */
async function confirmDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: /确定|确认/ }).click();
}

test('a shopper buys through the cart, pays with the balance, and receives the order after staff ship it', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, 'demo', 'demo123456');

  // Goods → cart.
  await page.goto('/#/goods/search/search');
  await page.getByRole('searchbox').fill('矿泉水');
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link').filter({ hasText: '清泉 天然矿泉水' }).first().click();
  await expect(page).toHaveURL(/#\/goods\/detail\/detail\?id=\d+/);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已加入购物车')).toBeVisible();

  await page.goto('/#/');
  const cartTab = page.locator('.sf-tabbar').getByRole('link', { name: /购物车/ });
  const cartCount = async () => Number((await cartTab.textContent())?.match(/\d+/)?.[0] ?? 0);
  await expect.poll(cartCount).toBeGreaterThan(0);
  const inCart = await cartCount();
  await page.locator('.sf-tabbar').getByText('购物车').click();
  await expect(page).toHaveURL(/#\/pages\/cart\/cart/);
  await expect(page.getByText('清泉 天然矿泉水 550ml×24 瓶')).toBeVisible();
  await page.getByRole('button', { name: /去结算\(1\)/ }).click();

  // Settlement: the demo shopper's seeded default address is already chosen (new shoppers add
  // their first one here: coupon.e2e.ts and pay.e2e.ts).
  await expect(page).toHaveURL(/#\/pages\/order\/settlement\?from=cart/);
  await expect(page.getByText('广东省深圳市南山区 科技园路1号 优选大厦8楼')).toBeVisible();
  await expect(page.getByText('¥39.90').first()).toBeVisible();
  await page.getByRole('button', { name: '提交订单' }).click();

  // Pay with the balance.
  await expect(page).toHaveURL(/#\/pages\/order\/pay\?order_no=\d{20}/);
  const orderNo = /order_no=(\d{20})/.exec(page.url())?.[1] as string;
  await expect(page.getByText('剩余支付时间')).toBeVisible();
  await page.getByRole('button', { name: /余额支付 ¥39\.90/ }).click();
  await confirmDialog(page);
  await expect(page.getByText('支付成功')).toBeVisible();
  // The order took the line out of the cart: the tab's count follows without a reload (order.afterPlace).
  await page.goto('/#/');
  await expect.poll(cartCount).toBeLessThan(inCart);

  // "To ship", then staff ship it from the command line.
  await page.goto('/#/user/myOrder/myOrder?type=toship');
  await expect(page.getByText(`订单号：${orderNo}`)).toBeVisible();
  const shipped = storefront('order', 'ship', orderNo);
  expect(shipped).toContain(`order ${orderNo} is shipped`);

  // The shopper confirms receipt.
  await page.goto('/#/user/myOrder/myOrder?type=shipping');
  await expect(page.getByText(`订单号：${orderNo}`)).toBeVisible();
  await page.getByRole('button', { name: '确认收货' }).first().click();
  await confirmDialog(page);
  await expect(page.getByText('已确认收货')).toBeVisible();
  await page.goto(`/#/user/myOrder/orderDetail?order_no=${orderNo}`);
  await expect(page.getByText('已收货').first()).toBeVisible();
  for (const label of ['下单时间', '支付时间', '发货时间', '预计送达', '收货时间']) await expect(page.getByText(label)).toBeVisible();
  expect(errors).toEqual([]);
});

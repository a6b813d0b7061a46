import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { addFirstAddress, newCardKey, redeemCardKey, register } from './helpers';

/**
 * Accessibility of the main routes (issue #24), in Chromium against `storefront start` on a fresh demo
 * site: axe's WCAG 2 A and AA rules (text contrast, names of inputs, buttons and images…) find nothing
 * serious or critical, in light and in dark mode, logged out and logged in as the demo shopper.
 * Each page is scanned once its content has arrived, in one scheme and then the other, so every
 * route is visited once.
 */

const SCHEMES = ['light', 'dark'] as const;

/** A route to scan: its hash path and what shows once its data has arrived. */
interface Stop {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

const loggedOut: Stop[] = [
  { name: 'home', path: '/', ready: (page) => page.getByRole('heading', { name: '为你推荐' }) },
  { name: 'category', path: '/pages/category/category', ready: (page) => page.getByRole('button', { name: '服饰' }) },
  { name: 'goods list', path: '/goods/list/list?keyword=耳机', ready: (page) => page.getByRole('link').filter({ hasText: '耳机' }).first() },
  { name: 'goods detail', path: '/goods/detail/detail?id=1', ready: (page) => page.getByTestId('goods-stock') },
  { name: 'search', path: '/goods/search/search', ready: (page) => page.getByRole('searchbox') },
  { name: 'login', path: '/pages/login/login', ready: (page) => page.getByLabel('账号') },
  { name: 'register', path: '/pages/register/register', ready: (page) => page.getByLabel('确认密码') },
  { name: 'member centre (logged out)', path: '/pages/user/user', ready: (page) => page.getByText('未登录，立即登录') },
  { name: 'flash sale', path: '/marketing/seckill/seckill', ready: (page) => page.getByTestId('seckill-item').first().or(page.getByText('暂无秒杀活动')) },
];

const loggedIn: Stop[] = [
  { name: 'member centre', path: '/pages/user/user', ready: (page) => page.getByTestId('member-score') },
  { name: 'coupon centre', path: '/marketing/coupon/coupon?tab=centre', ready: (page) => page.getByRole('article').first() },
  { name: 'balance', path: '/user/money/money', ready: (page) => page.getByTestId('wallet-current') },
  { name: 'sign-in', path: '/marketing/signin/signin', ready: (page) => page.getByTestId('signin-score') },
  { name: 'lottery', path: '/marketing/lottery/lottery', ready: (page) => page.getByTestId('lottery-score') },
  { name: 'chat', path: '/user/service/service', ready: (page) => page.getByText('在线', { exact: true }).or(page.getByText('离线', { exact: true })) },
];

const withAddress: Stop[] = [
  { name: 'address list', path: '/user/address/address', ready: (page) => page.getByText('科技园路1号').first() },
  { name: 'address form', path: '/user/addressForm/addressForm', ready: (page) => page.getByLabel('详细地址') },
];

/** axe's serious and critical findings on the page as it is, in light and in dark mode, one readable line per element. */
async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // Colours mid-transition (a sheet sliding in, a toast fading, the scheme changing) are not the page's: let finite animations end.
    await page.evaluate(() =>
      Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
    );
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    found.push(
      ...violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .flatMap((violation) =>
          violation.nodes.map((node) => `${name} (${scheme}): ${violation.id} at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ') ?? violation.help}`),
        ),
    );
  }
  return found;
}

async function scan(page: Page, stop: Stop): Promise<string[]> {
  await page.goto(`/#${stop.path}`);
  await expect(stop.ready(page)).toBeVisible();
  await expect(page.getByTestId('skeleton')).toHaveCount(0);
  return seriousViolations(page, stop.name);
}

/** The spec sheet → cart → settlement → pay → paid → the new order's detail → my orders, scanning each on the way. */
async function scanCheckout(page: Page): Promise<string[]> {
  // As addWaterToCart (./helpers.ts), scanning the spec sheet while it is open.
  await page.goto('/#/goods/search/search');
  await page.getByRole('searchbox').fill('矿泉水');
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link').filter({ hasText: '清泉 天然矿泉水' }).first().click();
  await page.getByRole('button', { name: '加入购物车' }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('button', { name: '确定' })).toBeVisible();
  const found = await seriousViolations(page, 'spec sheet');
  await sheet.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已加入购物车')).toBeVisible();
  found.push(...(await scan(page, { name: 'cart', path: '/pages/cart/cart', ready: (p) => p.getByTestId('cart-line').first() })));
  await page.getByRole('button', { name: /去结算/ }).click();
  found.push(...(await seriousViolations(page, 'settlement without an address')));
  await addFirstAddress(page);
  await expect(page.getByText('科技园路1号').first()).toBeVisible();
  found.push(...(await seriousViolations(page, 'settlement')));
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByTestId('pay-due')).toBeVisible();
  found.push(...(await seriousViolations(page, 'pay')));
  const orderNo = /order_no=(\d{20})/.exec(page.url())?.[1] as string;
  await page.getByRole('button', { name: /余额支付/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: /确定|确认/ }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'paid')));
  const detail = { name: 'order detail', path: `/user/myOrder/orderDetail?order_no=${orderNo}`, ready: (p: Page) => p.getByText(orderNo) };
  found.push(...(await scan(page, detail)));
  found.push(...(await scan(page, { name: 'orders', path: '/user/myOrder/myOrder', ready: (p) => p.getByText(`订单号：${orderNo}`) })));
  return found;
}

test('the main routes have no serious accessibility violation in light or dark mode', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const stop of loggedOut) found.push(...(await scan(page, stop)));
  // A shopper of its own, paid up by a card key: the demo account's seeded balance is another test's.
  await register(page, `a11y_${Date.now() % 1e6}`, 'a11y123456');
  await page.goto('/#/user/cdkey/addCdkey');
  await expect(page.getByRole('textbox', { name: '卡号' })).toBeVisible();
  found.push(...(await seriousViolations(page, 'card key')));
  await redeemCardKey(page, newCardKey('--balance', '100'));
  await expect(page.getByText('兑换成功')).toBeVisible();
  for (const stop of loggedIn) found.push(...(await scan(page, stop)));
  found.push(...(await scanCheckout(page)));
  for (const stop of withAddress) found.push(...(await scan(page, stop)));
  expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
});

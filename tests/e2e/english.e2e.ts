import { expect, test, type Page } from '@playwright/test';

/**
 * A shopper whose browser speaks English (issue #24): the catalogue reads in English wherever the
 * demo has a translation — the home page, the cart and an order, each loaded cold — and a switch
 * of language changes the names already fetched, without reloading the page.
 */
test.use({ locale: 'en-US' });

const WATER_EN = 'Clear Spring Mineral Water 550ml × 24';
const WATER_ZH = '清泉 天然矿泉水 550ml×24 瓶';

async function logInInEnglish(page: Page) {
  await page.goto('/#/pages/login/login');
  await page.getByLabel('Account').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('demo123456');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Logged in')).toBeVisible();
}

/** Opens `hash` by loading the page afresh (what a cold start or a reload does). */
async function coldLoad(page: Page, hash: string) {
  await page.goto(hash);
  await page.reload();
}

test('an English browser sees English goods names on the home page, in the cart and on an order', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await coldLoad(page, '/#/');
  await expect(page.getByRole('link', { name: WATER_EN })).toBeVisible();
  await expect(page.getByText('Digital', { exact: true })).toBeVisible();
  await expect(page.getByText(WATER_ZH)).toHaveCount(0);
  await expect(page.getByText('数码', { exact: true })).toHaveCount(0);

  await logInInEnglish(page);
  await page.goto('/#/goods/search/search');
  await page.getByRole('searchbox').fill('Mineral Water');
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link', { name: WATER_EN }).first().click();
  await expect(page).toHaveURL(/#\/goods\/detail\/detail\?id=\d+/);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Added to your cart')).toBeVisible();

  await coldLoad(page, '/#/pages/cart/cart');
  await expect(page.getByText(WATER_EN)).toBeVisible();
  await expect(page.getByText(WATER_ZH)).toHaveCount(0);
  await page.getByRole('button', { name: /Check out \(1\)/ }).click();

  await expect(page).toHaveURL(/#\/pages\/order\/settlement\?from=cart/);
  await expect(page.getByText(WATER_EN)).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/pay\?order_no=\d{20}/);
  const orderNo = /order_no=(\d{20})/.exec(page.url())?.[1] as string;

  await coldLoad(page, `/#/user/myOrder/orderDetail?order_no=${orderNo}`);
  await expect(page.getByText(orderNo)).toBeVisible();
  await expect(page.getByText(WATER_EN)).toBeVisible();
  await expect(page.getByText(WATER_ZH)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a goods detail reads in English where the catalogue has it: name, subtitle, brand, spec values, after-sales', async ({ page }) => {
  await page.goto('/#/goods/search/search');
  await page.getByRole('searchbox').fill('Smartphone');
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link', { name: 'Aurora X5 5G Smartphone' }).first().click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aurora X5 5G Smartphone' })).toBeVisible();
  await expect(page.getByText('6.7" 120Hz display | 5000mAh battery | 50MP main camera')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Obsidian Black' })).toBeVisible();
  await expect(page.getByText('After-sales')).toBeVisible();
  await expect(page.getByText('曜石黑')).toHaveCount(0);
  await expect(page.getByText('售后保障')).toHaveCount(0);
});

test('switching to Chinese changes the names already on screen, with no reload', async ({ page }) => {
  await coldLoad(page, '/#/');
  await expect(page.getByRole('link', { name: WATER_EN })).toBeVisible();
  // Survives only while the document does: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.goto('/#/pages/user/user');
  await page.getByRole('button', { name: '简体中文' }).click();
  await expect(page.getByRole('button', { name: '简体中文' })).toHaveAttribute('aria-pressed', 'true');
  await page.locator('.sf-tabbar').getByText('首页').click();

  await expect(page.getByRole('link', { name: WATER_ZH })).toBeVisible();
  // The category grid comes from a store loaded once at start: it follows the switch too.
  await expect(page.getByText('数码', { exact: true })).toBeVisible();
  await expect(page.getByText('Digital', { exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // And back to English.
  await page.goto('/#/pages/user/user');
  await page.getByRole('button', { name: 'English' }).click();
  await page.locator('.sf-tabbar').getByText('Home').click();
  await expect(page.getByRole('link', { name: WATER_EN })).toBeVisible();
  await expect(page.getByText('Digital', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

import { expect, test, type Page } from '@playwright/test';

/**
 * The catalogue (issue #11), in Chromium against `storefront start` and its demo data: the
 * crossed-out "was" price on the goods detail is the chosen SKU's, follows the variant, and is
 * hidden when it is not above the price; the bar shows the service and cart icons; an English
 * shopper reads English spec names.
 */
async function openGoods(page: Page, keyword: string, name: string) {
  await page.goto('/#/goods/search/search');
  await page.getByRole('searchbox').fill(keyword);
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link').filter({ hasText: name }).first().click();
  await expect(page).toHaveURL(/#\/goods\/detail\/detail\?id=\d+/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

const price = (page: Page) => page.getByTestId('goods-price');
const was = (page: Page) => page.getByTestId('goods-market-price');

test("the 'was' price follows the chosen variant", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openGoods(page, 'X5', '极光 X5 5G 智能手机');
  await page.getByRole('button', { name: '星河蓝' }).click();
  await page.getByRole('button', { name: '8GB+128GB' }).click();
  await expect(price(page)).toHaveText('¥2999.00原价 ¥3299.00');
  await page.getByRole('button', { name: '12GB+512GB' }).click();
  await expect(price(page)).toHaveText('¥3799.00原价 ¥4099.00');
  await expect(was(page)).toHaveText('原价 ¥4099.00');

  // The bar: customer service and the cart as icons, the actions at full width.
  const bar = page.getByRole('contentinfo');
  await expect(bar.getByRole('link', { name: '联系客服' })).toBeVisible();
  await expect(bar.getByRole('link', { name: '购物车' })).toBeVisible();
  await expect(bar.getByRole('button', { name: '加入购物车' })).toBeVisible();
  expect(errors).toEqual([]);
});

test("hides the 'was' price of a variant sold at its full price", async ({ page }) => {
  await openGoods(page, 'Lite', '极光 Lite 青春版手机');
  await page.getByRole('button', { name: '樱花粉' }).click();
  await page.getByRole('button', { name: '6GB+128GB' }).click();
  await expect(price(page)).toHaveText('¥1299.00原价 ¥1499.00');
  await page.getByRole('button', { name: '8GB+256GB' }).click();
  await expect(price(page)).toHaveText('¥1499.00');
  await expect(was(page)).toHaveCount(0);
  await page.getByRole('button', { name: '6GB+128GB' }).click();
  await expect(was(page)).toHaveText('原价 ¥1499.00');
});

test('an English shopper reads English names, spec names and spec values', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/#/');
  await openGoods(page, 'X5', 'Aurora X5 5G Smartphone');
  await expect(page.getByText('Please choose: Colour / Storage')).toBeVisible();
  await page.getByRole('button', { name: 'Galaxy Blue' }).click();
  await page.getByRole('button', { name: '12GB+512GB' }).click();
  await expect(price(page)).toHaveText('¥3799.00Was ¥4099.00');
  await context.close();
});

import { expect, test, type Browser } from '@playwright/test';

/**
 * The server's static first paint of `/` (issue #12, LCP): the home page's header and first
 * banner are in the served HTML, painted before any script runs; the app mounts beneath it and
 * it goes, with nothing moved. A deep link never shows it.
 */
test('paints the first banner without scripts, then the app replaces it in the same box', async ({ browser, baseURL }) => {
  const still = await browser.newContext({ javaScriptEnabled: false, baseURL, locale: 'zh-CN' });
  const bare = await still.newPage();
  await bare.goto('/#/');
  const paintedBanner = bare.locator('#sf-first-paint .home-banner img');
  await expect(paintedBanner).toHaveAttribute('src', '/uploads/seed/banner-1.jpg?w=750');
  await expect(paintedBanner).toHaveAttribute('sizes', 'min(100vw, 450px)');
  await expect(paintedBanner).toHaveAttribute('alt', '数码焕新季');
  const painted = await paintedBanner.boundingBox();
  // Written after the banner, the bar is still drawn on top of it.
  const paintedBar = await bare.locator('#sf-first-paint .home-header').boundingBox();
  expect(paintedBar!.y).toBe(0);
  await still.close();

  const live = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await live.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/#/');
  await expect(page.getByRole('region', { name: '活动横幅' })).toBeVisible();
  await expect(page.locator('#sf-first-paint')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '搜索商品' })).toBeVisible();
  const mounted = await page.locator('#app .home-banner img').first().boundingBox();
  expect(mounted).toEqual(painted);
  expect(await page.locator('#app .home-header').boundingBox()).toEqual(paintedBar);
  expect(errors).toEqual([]);
  await live.close();
});

test('starts the app once its stylesheets have arrived, showing the paint, styled by its inlined rules, meanwhile', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not 'load': that waits for the held stylesheets too.
  await page.goto('/#/', { waitUntil: 'commit' });
  const painted = page.locator('#sf-first-paint .home-banner img');
  await expect(painted).toBeVisible();
  // In the app's narrow column, not the picture's own 750 px: the inlined rules apply.
  expect((await painted.boundingBox())!.width).toBeLessThan(600);
  await expect(page.locator('#sf-first-paint .home-header__name')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await page.waitForTimeout(500);
  await expect(page.locator('#app')).toBeEmpty();
  release();
  await expect(page.getByRole('region', { name: '活动横幅' })).toBeVisible();
  await expect(page.locator('#sf-first-paint')).toHaveCount(0);
  await context.close();
});

// The paint's own script runs, the app's do not: what a shopper sees before the entry arrives.
const withoutApp = async (browser: Browser, baseURL: string | undefined, locale: string) => {
  const context = await browser.newContext({ baseURL, locale });
  const page = await context.newPage();
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  return { page, close: () => context.close() };
};

test('shows no home paint on a deep link, in either language', async ({ browser, baseURL }) => {
  for (const locale of ['zh-CN', 'en-US']) {
    for (const [url, shown] of [['/#/goods/detail/detail?id=1', false], ['/#/pages/index/index', true]] as const) {
      const { page, close } = await withoutApp(browser, baseURL, locale);
      await page.goto(url);
      await (shown ? expect(page.locator('#sf-first-paint')).toBeVisible() : expect(page.locator('#sf-first-paint')).toBeHidden());
      await close();
    }
  }
});

test("shows the paint's text in the shopper's language before the app runs", async ({ browser, baseURL }) => {
  const { page, close } = await withoutApp(browser, baseURL, 'en-US');
  await page.goto('/#/');
  const search = page.locator('#sf-first-paint .sf-search-bar');
  await expect(search.getByText('Search goods')).toBeVisible();
  await expect(search.getByText('搜索商品')).toBeHidden();
  await close();
});

test('paints the next visit in the language the shopper chose in the app, though the browser says otherwise', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/#/pages/user/user');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  // The next visit, before any of the app's scripts could run: the server wrote it in English.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/#/');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const search = page.locator('#sf-first-paint .sf-search-bar');
  await expect(search.getByText('Search goods')).toBeVisible();
  await expect(search.getByText('搜索商品')).toBeHidden();
  await context.close();
});

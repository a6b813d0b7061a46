import { expect, test } from '@playwright/test';
import { register } from './helpers';

/**
 * Articles and notices (issue #28) in Chromium against `storefront start` with the demo seed: the
 * home notice bar opens the newest notice, which then reads as read in the list; the article list
 * by category, an article whose read count rises once however often it is opened, and its
 * linked goods opening the goods page.
 */
test('the home notice bar opens the newest notice; back home, the notice list shows it read', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await register(page, `notice${Date.now().toString().slice(-8)}`, 'abc12345');

  await page.goto('/#/article/notice/notice');
  await expect(page.getByText('5 条未读')).toBeVisible();
  await expect(page.getByRole('link', { name: '春节假期发货安排' }).getByText('未读')).toHaveCount(1);

  await page.goto('/#/');
  await page.locator('.article-home-bar').getByText('春节假期发货安排').click();
  await expect(page).toHaveURL(/#\/article\/notice\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '春节假期发货安排' })).toBeVisible();
  await expect(page.getByText('仓库暂停发货')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/$/);

  await page.locator('.article-home-bar').getByRole('link', { name: '更多' }).click();
  await expect(page).toHaveURL(/#\/article\/notice\/notice$/);
  await expect(page.getByText('4 条未读')).toBeVisible();
  await expect(page.getByRole('link', { name: '春节假期发货安排' }).getByText('未读')).toHaveCount(0);
  await expect(page.getByRole('link', { name: '新增余额支付方式' }).getByText('未读')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('article list → a category → an article (read once) → its linked goods', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const title = '如何挑选一副适合自己的耳机';

  await page.goto('/#/');
  await page.getByRole('link', { name: '文章资讯' }).click();
  await expect(page).toHaveURL(/#\/article\/articleList$/);
  await page.getByRole('tab', { name: '购物指南' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: /极光 X5 上手体验/ })).toHaveCount(0);

  const listed = Number.parseInt((await page.getByRole('link', { name: title }).getByText(/^\d+ 阅读$/).textContent()) ?? '', 10);
  expect(listed).toBeGreaterThan(0);
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/#\/article\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(`阅读 ${listed + 1}`)).toBeVisible();
  // Opened again the same day by the same visitor: not counted again.
  await page.reload();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(`阅读 ${listed + 1}`)).toBeVisible();

  await expect(page.getByRole('heading', { name: '文中商品' })).toBeVisible();
  await page.getByRole('link', { name: /声悦 H1 头戴式蓝牙耳机/ }).click();
  await expect(page).toHaveURL(/#\/goods\/detail\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: '声悦 H1 头戴式蓝牙耳机' })).toBeVisible();
  expect(errors).toEqual([]);
});

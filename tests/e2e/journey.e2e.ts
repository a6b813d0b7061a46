import { expect, test, type Page } from '@playwright/test';
import { submitLogin } from './helpers';

/**
 * The shopper's first visit (issue #2): home → category → search → detail → register → logout → login,
 * against `storefront start` with a freshly seeded demo site, in Debian's Chromium.
 */

const username = `e2e${Date.now().toString(36)}`;
const password = 'shop2026ok';

async function noPageErrors(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(error.message));
}

test('a new shopper browses, registers, logs out and logs in again', async ({ page }) => {
  const errors: string[] = [];
  await noPageErrors(page, errors);

  // Home: banners, a category grid, notices, recommended goods, a tab bar.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
  // The notice bar: the article plugin's newest notice (the home's own notices when article is off).
  await expect(page.locator('.article-home-bar').getByText('春节假期发货安排')).toBeVisible();
  const tabbar = page.getByRole('navigation', { name: /tab|标签/i }).or(page.locator('.sf-tabbar'));
  await expect(tabbar.getByText('首页')).toBeVisible();
  await expect(tabbar.getByText('分类')).toBeVisible();
  await expect(tabbar.getByText('我的')).toBeVisible();

  // Category: first-level list on the left, second-level grid on the right, tap → goods list.
  await tabbar.getByText('分类').click();
  await expect(page).toHaveURL(/#\/pages\/category\/category/);
  await page.getByRole('button', { name: '服饰' }).click();
  await page.getByRole('link', { name: '鞋靴' }).click();
  await expect(page).toHaveURL(/#\/goods\/list\/list\?.*category_id=/);
  await expect(page.getByRole('link').filter({ hasText: /鞋|靴/ }).first()).toBeVisible();

  // Search from the home page's search bar.
  await page.goto('/#/goods/search/search');
  await page.getByRole('searchbox').fill('耳机');
  await page.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/#\/goods\/list\/list\?.*keyword=/);
  const result = page.getByRole('link').filter({ hasText: '耳机' }).first();
  await expect(result).toBeVisible();

  // Detail: price, stock, specs and the detail text.
  await result.click();
  await expect(page).toHaveURL(/#\/goods\/detail\/detail\?id=\d+/);
  await expect(page.getByText('¥').first()).toBeVisible();
  await expect(page.getByText(/库存/).first()).toBeVisible();
  await expect(page.getByText(/品牌/).first()).toBeVisible();

  // Register a new account from the login page.
  await page.goto('/#/pages/login/login');
  await page.getByRole('link', { name: '立即注册' }).click();
  await expect(page).toHaveURL(/#\/pages\/register\/register/);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('注册成功')).toBeVisible();

  // The member centre knows the new shopper; log out (with confirmation).
  await page.goto('/#/pages/user/user');
  await expect(page.getByText(username).first()).toBeVisible();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('未登录，立即登录')).toBeVisible();

  // Log in again with the new account; a reload keeps the session.
  await page.getByText('未登录，立即登录').click();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await page.goto('/#/pages/user/user');
  await expect(page.getByText(username).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(username).first()).toBeVisible();

  expect(errors).toEqual([]);
});

test('the demo shopper sees the seeded balance, and a wrong password is refused in Chinese', async ({ page }) => {
  await submitLogin(page, 'demo', 'wrong-password');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await page.getByLabel('密码', { exact: true }).fill('demo123456');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  await page.goto('/#/pages/user/user');
  await expect(page.getByText('888.00').or(page.getByText('888')).first()).toBeVisible();
});

test('an unknown route shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page.getByRole('heading', { name: '页面不存在', level: 2 })).toBeVisible();
  await expect(page.getByText('您访问的页面不存在或已关闭。')).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).or(page.getByRole('link', { name: '返回首页' })).click();
  await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
});

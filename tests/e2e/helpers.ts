import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';

/**
 * Helpers the e2e files share (this file does not match `*.e2e.ts`, so it holds no tests): the
 * `storefront` command line, registration, logging in and the first address at the settlement.
 */

/** The project root, where `cli/bin.js` and `config/` are. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** `storefront …` against the running site's data (the server keeps running); returns its stdout. */
export function storefront(...args: string[]): string {
  return execFileSync(process.execPath, ['cli/bin.js', ...args, '--data-dir', process.env.E2E_DATA_DIR as string], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' },
  });
}

/**
 * Moves the server's clock `days` on and runs its background jobs once (./serve.ts), as the
 * server tests' harness does: an order completes past its after-sales window, a freeze ends.
 */
export async function moveClock(days: number): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 4317) + 1;
  const reply = await fetch(`http://127.0.0.1:${port}/advance?days=${days}`, { method: 'POST' });
  if (!reply.ok) throw new Error(`moving the clock: ${reply.status} ${await reply.text()}`);
}

/** Registers `username` with `password` on the register page and waits for 注册成功 (logged in after). */
export async function register(page: Page, username: string, password: string) {
  await page.goto('/#/pages/register/register');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('注册成功')).toBeVisible();
}

/** Opens the login page, fills in the account and password and presses 登录; the caller checks the outcome. */
export async function submitLogin(page: Page, account: string, password: string) {
  await page.goto('/#/pages/login/login');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Logs in on `page` and waits for 登录成功. */
export async function logIn(page: Page, account: string, password: string) {
  await submitLogin(page, account, password);
  await expect(page.getByText('登录成功')).toBeVisible();
}

/** A page in a new browser context (a device of its own), logged in as `account`. */
export async function logInNewContext(browser: Browser, account: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, account, password);
  return page;
}

/**
 * On a settlement without an address: 新增收货地址 → 王小明, 13800138000, 广东省 深圳市 南山区,
 * 科技园路1号 → 保存, and back on the settlement.
 */
export async function addFirstAddress(page: Page) {
  await page.getByText('新增收货地址').first().click();
  await page.getByLabel('联系人').fill('王小明');
  await page.getByLabel('手机号').fill('13800138000');
  await page.getByRole('button', { name: /所在地区/ }).click();
  for (const place of ['广东省', '深圳市', '南山区']) await page.getByRole('button', { name: place, exact: true }).click();
  await page.getByLabel('详细地址').fill('科技园路1号');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/settlement/);
}

/** Searches 矿泉水, opens 清泉 天然矿泉水 and adds one to the cart (its only variant), waiting for 已加入购物车. */
export async function addWaterToCart(page: Page) {
  await page.goto('/#/goods/search/search');
  await page.getByRole('searchbox').fill('矿泉水');
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link').filter({ hasText: '清泉 天然矿泉水' }).first().click();
  await page.getByRole('button', { name: '加入购物车' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已加入购物车')).toBeVisible();
}

/** One card key staff generated with `storefront cdkey generate` (`--score 100`, `--balance 50`). */
export function newCardKey(...worth: ['--score' | '--balance', string]): { card: string; password: string } {
  const batch = JSON.parse(storefront('cdkey', 'generate', '--count', '1', ...worth, '--json')) as { cards: { card: string; password: string }[] };
  return batch.cards[0];
}

/** On the card-key page: types the card and its password and presses 立即兑换; the caller checks the outcome. */
export async function redeemCardKey(page: Page, key: { card: string; password: string }) {
  await page.getByRole('textbox', { name: '卡号' }).fill(key.card);
  await page.getByRole('textbox', { name: '卡密' }).fill(key.password);
  await page.getByRole('button', { name: '立即兑换' }).click();
}

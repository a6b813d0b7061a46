import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logIn, root, storefront } from './helpers';

/**
 * An expired session (issue #11), in Chromium against `storefront start`: a shopper is logged in
 * in the browser, then their password is changed elsewhere (through the API, as another device
 * would), which ends the browser's session. Reloading the home page shows no "service error"
 * modal and the store stays usable; a protected route sends them to log in, with a calm
 * 登录已过期，请重新登录 — also when the page reloaded on the protected route itself.
 */
const CALM = '登录已过期，请重新登录';
const app = (JSON.parse(readFileSync(`${root}config/sites/default.json`, 'utf8')) as { app: { key: string; secret: string } }).app;

/** A signed call, as another device would make it. */
async function call(request: APIRequestContext, path: string, data: object, token = ''): Promise<{ code: number; msg: string; data: unknown }> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const authorization = createHash('md5').update(app.key + app.secret + timestamp).digest('hex');
  const response = await request.post(path, { data, headers: { 'App-Key': app.key, Timestamp: timestamp, Authorization: authorization, Token: token, Lang: 'zh-cn' } });
  expect(response.status()).toBe(200);
  return response.json();
}

/** Elsewhere: log in and change the password, which ends every other session of the account. */
async function changePasswordElsewhere(request: APIRequestContext, username: string, from: string, to: string) {
  const login = await call(request, '/api/user/login', { account: username, password: from });
  expect(login.code).toBe(1);
  const token = (login.data as { userinfo: { token: string } }).userinfo.token;
  const changed = await call(request, '/api/account/changePassword', { oldpassword: from, newpassword: to, renewpassword: to }, token);
  expect(changed).toMatchObject({ code: 1 });
}

/**
 * Follows the page's API calls; `settled()` resolves once none has been in flight for 300 ms. The
 * session is ended elsewhere only then: a call still under way would meet the ended session before
 * the reload this test is about (and be answered on the old page).
 */
function apiCalls(page: Page) {
  let inFlight = 0;
  // The site event stream stays open for good: it is no call under way.
  const api = (url: string) => new URL(url).pathname.startsWith('/api/') && new URL(url).pathname !== '/api/site/events';
  page.on('request', (request) => void (api(request.url()) && inFlight++));
  const done = (request: { url(): string }) => void (api(request.url()) && inFlight--);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      await expect.poll(async () => {
        if (inFlight > 0) return false;
        await page.waitForTimeout(300);
        return inFlight === 0;
      }).toBe(true);
    },
  };
}

/**
 * Waits until the app has acted on the refused refresh: it forgets the stored session then, and
 * whatever it shows for it (a modal would be the bug) is on screen a frame later.
 */
async function refusalHandled(page: Page) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('storefront:v1:user'))).toBeNull();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Reloads and waits until the browser has tried the stored session's refresh token (and been refused). */
async function reloadAndMeetTheEndedSession(page: Page) {
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/token/refresh'));
  await page.reload();
  await refused;
}

test('a password changed elsewhere: home reloads calmly and stays usable; a protected route asks to log in again', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const username = `expiry${Date.now().toString().slice(-8)}`;
  storefront('user', 'add', username, '--password', 'first2024');
  const page = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const calls = apiCalls(page);

  await logIn(page, username, 'first2024');
  await page.goto('/#/pages/index/index');
  await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
  await calls.settled();

  await changePasswordElsewhere(request, username, 'first2024', 'second2024');

  // Reloading home: no "service error" modal, the page is there and usable, now anonymous.
  await reloadAndMeetTheEndedSession(page);
  await expect(page.getByRole('heading', { name: '为你推荐' })).toBeVisible();
  await refusalHandled(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('您没有权限操作！')).toHaveCount(0);
  await page.locator('.sf-tabbar').getByText('我的').click();
  await expect(page.getByRole('button', { name: '未登录，立即登录' })).toBeVisible();

  // A protected route: the login page, saying calmly why.
  await page.goto('/#/user/money/money');
  await expect(page).toHaveURL(/#\/pages\/login\/login\?returnTo=/);
  await expect(page.getByText(CALM)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Logging in again with the new password goes back to that route.
  await page.getByLabel('账号').fill(username);
  await page.getByLabel('密码', { exact: true }).fill('second2024');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/#\/user\/money\/money/);
  await expect(page.getByText('还没有明细')).toBeVisible();
  await calls.settled();

  // Ended again while on the protected route: the reload lands on login with the calm message.
  await changePasswordElsewhere(request, username, 'second2024', 'third2024');
  await reloadAndMeetTheEndedSession(page);
  await expect(page).toHaveURL(/#\/pages\/login\/login\?returnTo=/);
  await expect(page.getByText(CALM)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
  await page.context().close();
});

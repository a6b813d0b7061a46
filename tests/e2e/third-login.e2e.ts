import { expect, test } from '@playwright/test';
import { storefront } from './helpers';

/**
 * Third-party login (issue #28) with the offline `local` platform, in Chromium against `storefront
 * start`: 其他登录方式 → the local platform → the bind page → a new mobile with its SMS code →
 * logged in; the next time through the platform logs straight in.
 */
test('the local platform: bind a new mobile, then log straight in', async ({ browser }) => {
  const errors: string[] = [];
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  const stamp = Date.now().toString();
  const name = `e2e-${stamp.slice(-6)}`;
  const mobile = `136${stamp.slice(-8)}`;

  await page.goto('/#/pages/login/login');
  await expect(page.getByRole('heading', { name: '其他登录方式' })).toBeVisible();
  await page.getByRole('button', { name: '本地演示平台' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/local-platform\?/);
  await page.getByLabel('平台用户名').fill(name);
  await page.getByRole('button', { name: '授权' }).click();

  await expect(page).toHaveURL(/#\/pages\/login\/third\?/);
  await expect(page.getByText(`你正在使用本地演示平台账号「${name}」登录`)).toBeVisible();
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  const [message] = JSON.parse(storefront('outbox', '--to', mobile, '--limit', '1', '--json')) as { code: string }[];
  await page.getByLabel('验证码').fill(message.code);
  await page.getByRole('button', { name: '绑定并登录' }).click();
  await expect(page.getByText('绑定成功，已登录')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/user\/user$/);

  // Logged out, the same platform identity logs straight in.
  const again = await (await browser.newContext()).newPage();
  again.on('pageerror', (error) => errors.push(error.message));
  await again.goto('/#/pages/login/login');
  await again.getByRole('button', { name: '本地演示平台' }).click();
  await again.getByLabel('平台用户名').fill(name);
  await again.getByRole('button', { name: '授权' }).click();
  await expect(again.getByText('登录成功')).toBeVisible();
  await expect(again).toHaveURL(/#\/pages\/user\/user$/);

  const identities = JSON.parse(storefront('auth', 'identities', mobile, '--json')) as { identities: { provider: string }[] };
  expect(identities.identities.map((i) => i.provider)).toEqual(['local']);
  expect(errors).toEqual([]);
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import { storefront, submitLogin } from './helpers';

/**
 * Accounts (issue #11), in Chromium against `storefront start`: the demo staff member's login lands
 * on the chat desk and the member centre links there; a shopper who forgot the password resets it
 * with the SMS code from the outbox, the other session ends, and only the new password logs in.
 */
async function newPage(browser: Browser, errors: string[]): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

test('a staff login lands on the chat desk, and the member centre links there', async ({ browser }) => {
  const errors: string[] = [];
  const page = await newPage(browser, errors);
  await submitLogin(page, 'staff', 'staff123456');
  await expect(page.getByText('登录成功')).toBeVisible();
  await expect(page).toHaveURL(/#\/staff\/desk\/desk$/);
  await expect(page.getByRole('heading', { name: '客服工作台' })).toBeVisible();

  await page.goto('/#/pages/user/user');
  await page.getByRole('link', { name: '客服工作台' }).click();
  await expect(page).toHaveURL(/#\/staff\/desk\/desk$/);

  // The shopper's customer-service page never tells staff "no customer service".
  await page.goto('/#/user/service/service');
  await expect(page.getByText('你是客服：顾客的咨询会出现在客服工作台')).toBeVisible();
  await expect(page.getByText('暂无客服，请联系管理员')).toHaveCount(0);
  await page.getByRole('button', { name: '进入客服工作台' }).click();
  await expect(page).toHaveURL(/#\/staff\/desk\/desk$/);
  expect(errors).toEqual([]);
});

test('a shopper who forgot the password resets it with the SMS code; the old password and the other session end', async ({ browser }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  const stamp = Date.now().toString();
  const username = `forgot${stamp.slice(-8)}`;
  const mobile = `139${stamp.slice(-8)}`;

  // Registration shows every problem at once, then creates the account.
  const phone = await newPage(browser, errors);
  await phone.goto('/#/pages/register/register');
  await expect(phone.getByText('6-20位，须同时包含字母和数字')).toBeVisible();
  await phone.getByLabel('密码', { exact: true }).fill('abcdefgh');
  await phone.getByLabel('手机号').fill('123');
  await phone.getByRole('button', { name: '注册' }).click();
  await expect(phone.getByRole('alert')).toHaveText(['请输入用户名', '密码须为6-20位字母和数字组合', '两次输入的密码不一致', '请输入正确的11位手机号']);
  await phone.getByLabel('用户名').fill(username);
  await phone.getByLabel('密码', { exact: true }).fill('first2024');
  await phone.getByLabel('确认密码').fill('first2024');
  await phone.getByLabel('手机号').fill(mobile);
  await phone.getByRole('button', { name: '注册' }).click();
  await expect(phone.getByText('注册成功')).toBeVisible();

  // On another device: 忘记密码？ → the code by SMS (read from the outbox) → a new password.
  const page = await newPage(browser, errors);
  await page.goto('/#/pages/login/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/#\/pages\/resetpwd\/resetpwd/);
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  const [message] = JSON.parse(storefront('outbox', '--to', mobile, '--limit', '1', '--json')) as { code: string }[];
  expect(message.code).toMatch(/^\d{4,6}$/);
  // A wrong code is refused beside the code field.
  await page.getByLabel('验证码').fill(message.code === '000000' ? '111111' : '000000');
  await page.getByLabel('新密码').fill('second2024');
  await page.getByLabel('确认密码').fill('second2024');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByRole('alert')).toHaveText('验证码错误');
  await page.getByLabel('验证码').fill(message.code);
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置，请用新密码登录')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);

  // The old password no longer works; the new one does.
  await submitLogin(page, username, 'first2024');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await page.getByLabel('密码', { exact: true }).fill('second2024');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();

  // The session on the first device has ended: its next call sends it to log in.
  await phone.goto('/#/user/money/money');
  await expect(phone).toHaveURL(/#\/pages\/login\/login/);
  expect(errors).toEqual([]);
});

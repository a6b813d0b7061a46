import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Live customer service (issue #6), in two browser contexts against `storefront start`: the demo
 * shopper opens 联系客服 and writes; the staff member sees the room with an unread count on the
 * desk, opens it (the shopper sees 已读) and replies; the shopper gets the reply live, reloads,
 * and the whole conversation is still there.
 */
async function logIn(browser: Browser, account: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/#/pages/login/login');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('登录成功')).toBeVisible();
  return page;
}

async function send(page: Page, text: string) {
  await page.getByLabel('输入消息').fill(text);
  await page.getByLabel('输入消息').press('Enter');
}

test('a shopper and a staff member chat live, with unread counts, read receipts and history after a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  const shopper = await logIn(browser, 'demo', 'demo123456');
  const staff = await logIn(browser, 'staff', 'staff123456');
  for (const page of [shopper, staff]) page.on('pageerror', (error) => errors.push(error.message));
  const question = `请问今天能发货吗？${Date.now().toString(36)}`;
  const answer = '可以的，下午五点前付款当天发货';

  // The shopper opens customer service from the member centre and writes.
  await shopper.goto('/#/pages/user/user');
  await shopper.getByRole('link', { name: '联系客服' }).click();
  await expect(shopper).toHaveURL(/#\/user\/service\/service/);
  await expect(shopper.getByText('在线', { exact: true }).or(shopper.getByText('离线', { exact: true }))).toBeVisible();
  await send(shopper, question);
  await expect(shopper.getByText(question)).toBeVisible();
  await expect(shopper.getByText('已发送').last()).toBeVisible();

  // The staff member sees the room with one unread message, opens it and replies.
  await staff.goto('/#/staff/desk/desk');
  const room = staff.getByRole('link').filter({ hasText: question });
  await expect(room).toBeVisible();
  await expect(room.getByText('1', { exact: true })).toBeVisible();
  await room.click();
  await expect(staff.getByText(question)).toBeVisible();

  // Opening the room read the message: the shopper sees the receipt.
  await expect(shopper.getByText('已读').last()).toBeVisible();

  await send(staff, answer);
  await expect(staff.getByText(answer)).toBeVisible();
  // Live, without a reload.
  await expect(shopper.getByText(answer)).toBeVisible();

  // Nothing is lost across a reload.
  await shopper.reload();
  await expect(shopper.getByText(question)).toBeVisible();
  await expect(shopper.getByText(answer)).toBeVisible();
  expect(errors).toEqual([]);
});

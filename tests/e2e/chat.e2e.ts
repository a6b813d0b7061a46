import { expect, test, type Page } from '@playwright/test';
import { logInNewContext, storefront } from './helpers';

/**
 * Live customer service (issue #6), in two browser contexts against `storefront start`: the demo
 * shopper opens 联系客服 and writes; the staff member sees the room with an unread count on the
 * desk, opens it (the shopper sees 已读) and replies; the shopper gets the reply live, reloads,
 * and the whole conversation is still there.
 */
async function send(page: Page, text: string) {
  await page.getByLabel('输入消息').fill(text);
  await page.getByLabel('输入消息').press('Enter');
}

test('a shopper and a staff member chat live, with unread counts, read receipts and history after a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  const shopper = await logInNewContext(browser, 'demo', 'demo123456');
  const staff = await logInNewContext(browser, 'staff', 'staff123456');
  for (const page of [shopper, staff]) page.on('pageerror', (error) => errors.push(error.message));
  const run = Date.now().toString(36);
  const question = `请问今天能发货吗？${run}`;
  const answer = `可以的，下午五点前付款当天发货（${run}）`;

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
  // Both leave: the next test counts who is online.
  await shopper.context().close();
  await staff.context().close();
});

/**
 * Live presence (issue #11): the shopper's page shows the staff member 在线 while they are there
 * and 离线 once they leave, without a reload; the desk shows the shopper the same way. A staff
 * member and a shopper of this test's own: the new staff member, online and with no rooms, is the
 * one the new shopper is given.
 */
test('presence is live on both sides: the staff member comes and goes on the shopper’s page, the shopper on the desk', async ({ browser }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  const stamp = Date.now().toString().slice(-8);
  const [staffName, shopperName] = [`desk${stamp}`, `ann${stamp}`];
  storefront('user', 'add', staffName, '--staff', '--password', 'desk2024ok', '--nickname', `小优${stamp}`);
  storefront('user', 'add', shopperName, '--password', 'ann2024ok', '--nickname', `顾客${stamp}`);

  let staff = await logInNewContext(browser, staffName, 'desk2024ok');
  const shopper = await logInNewContext(browser, shopperName, 'ann2024ok');
  for (const page of [shopper, staff]) page.on('pageerror', (error) => errors.push(error.message));

  await shopper.goto('/#/user/service/service');
  const peer = shopper.locator('.chat-peer');
  await expect(peer.getByText(`小优${stamp}`)).toBeVisible();
  await expect(peer.getByText('在线', { exact: true })).toBeVisible();

  // The staff member leaves: 离线 on the shopper's page, without a reload.
  await staff.context().close();
  await expect(peer.getByText('离线', { exact: true })).toBeVisible();

  // They come back to the desk: 在线 again; the desk shows the shopper 在线.
  staff = await logInNewContext(browser, staffName, 'desk2024ok');
  staff.on('pageerror', (error) => errors.push(error.message));
  await expect(peer.getByText('在线', { exact: true })).toBeVisible();
  await staff.goto('/#/staff/desk/desk');
  const room = staff.getByRole('link').filter({ hasText: `顾客${stamp}` });
  await expect(room.getByText('在线', { exact: true })).toBeVisible();

  // The shopper leaves: 离线 on the desk, without a reload.
  await shopper.context().close();
  await expect(room.getByText('离线', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
  await staff.context().close();
});

import { expect, test, type Page } from '@playwright/test';
import { addFirstAddress, addWaterToCart, logIn, moveClock, newCardKey, redeemCardKey, register, storefront } from './helpers';

/**
 * The team programme (issue #27), in Chromium against the suite's server, whose clock the test
 * moves: A invites B; B registers through A's link (the code filled in) and buys; A finds B in
 * the team and a frozen commission of 10 %; the order is received, completes after its after-sales
 * window and the freeze passes; A's balance shows the commission.
 */

async function confirmDialog(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: /确定|确认/ }).click();
}

test('a friend registers through the invite link and buys; the inviter sees them in the team and the commission credited after the freeze', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const stamp = Date.now().toString(36);
  const [ann, bob] = [`ann${stamp}`, `bob${stamp}`];

  // A's invite page: the code, and the register link carrying it.
  await register(page, ann, 'secret123');
  await page.goto('/#/team/invite/invite');
  const code = (await page.getByTestId('team-invite-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{6}$/);
  await expect(page.getByTestId('team-invite-link')).toContainText(`invite=${code}`);

  // B registers through the link: the code is filled in.
  const friend = await (await browser.newContext()).newPage();
  friend.on('pageerror', (error) => errors.push(error.message));
  await friend.goto(`/#/pages/register/register?invite=${code}`);
  await expect(friend.getByLabel('邀请码')).toHaveValue(code);
  await friend.getByLabel('用户名').fill(bob);
  await friend.getByLabel('密码', { exact: true }).fill('secret123');
  await friend.getByLabel('确认密码').fill('secret123');
  await friend.getByRole('button', { name: '注册' }).click();
  await expect(friend.getByText('注册成功')).toBeVisible();

  // B tops up with a card key and buys a bottle of water (¥39.90).
  await friend.goto('/#/user/cdkey/addCdkey');
  await redeemCardKey(friend, newCardKey('--balance', '50'));
  await expect(friend.getByText('余额 +¥50.00')).toBeVisible();
  await addWaterToCart(friend);
  await friend.goto('/#/pages/cart/cart');
  await friend.getByRole('button', { name: /去结算\(1\)/ }).click();
  await addFirstAddress(friend);
  await friend.getByRole('button', { name: '提交订单' }).click();
  await expect(friend).toHaveURL(/#\/pages\/order\/pay\?order_no=\d{20}/);
  const orderNo = /order_no=(\d{20})/.exec(friend.url())?.[1] as string;
  await friend.getByRole('button', { name: /余额支付 ¥39\.90/ }).click();
  await confirmDialog(friend);
  await expect(friend.getByText('支付成功')).toBeVisible();

  // A sees B in the team, and the commission frozen.
  await page.goto('/#/team/teamPeaple/teamPeaple');
  await expect(page.getByText(bob)).toBeVisible();
  await page.goto('/#/team/commission/commission');
  const record = page.getByRole('article', { name: `订单号 ${orderNo}` });
  await expect(record).toContainText('冻结中');
  await expect(record).toContainText('3.99');
  await expect(record).toContainText('待订单完成');

  // Staff ship it; B confirms receipt; the after-sales window (7 days) and the freeze (7 days) pass.
  expect(storefront('order', 'ship', orderNo)).toContain(`order ${orderNo} is shipped`);
  await friend.goto('/#/user/myOrder/myOrder?type=shipping');
  await friend.getByRole('button', { name: '确认收货' }).first().click();
  await confirmDialog(friend);
  await expect(friend.getByText('已确认收货')).toBeVisible();
  await moveClock(8);
  await moveClock(8);

  // A's balance shows the commission (logged in afresh: the clock moved past the session).
  await logIn(page, ann, 'secret123');
  await page.goto('/#/user/money/money');
  await expect(page.getByText('¥3.99').first()).toBeVisible();
  await page.goto('/#/team/commission/commission?state=available');
  await expect(page.getByRole('article', { name: `订单号 ${orderNo}` })).toContainText('已到账');
  expect(errors).toEqual([]);
});

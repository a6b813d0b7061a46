import { expect, test, type Page } from '@playwright/test';
import { register, storefront } from './helpers';

/**
 * The member centre and wallet (issue #5), in Chromium against `storefront start`: a new shopper
 * edits the profile, uploads an avatar, binds an e-mail with the code from the outbox, adds a bank
 * card, redeems a card key staff generated, cashes out, and sees the cash-out in the log — pending,
 * then paid once staff approve and pay it from the command line.
 */

/** A 2×2 PNG: a real image, whatever its name says. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function openFromMemberCentre(page: Page, entry: string) {
  await page.goto('/#/pages/user/user');
  await page.getByRole('link', { name: entry, exact: true }).first().click();
}

test('a shopper edits the profile, binds an e-mail, adds a bank card, redeems a card key and cashes out', async ({ page }) => {
  test.setTimeout(150_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const username = `wallet${Date.now().toString(36)}`;
  await register(page, username, 'secret123');

  // Profile: nickname, gender, birthday, motto; kept across a reload.
  await page.goto('/#/pages/user/user');
  await page.getByRole('link', { name: '编辑个人资料' }).click();
  await expect(page).toHaveURL(/#\/user\/profile\/profile/);
  await page.getByLabel('昵称').fill('小钱包');
  await page.getByRole('button', { name: '女', exact: true }).click();
  // The birthday is picked as year / month / day in the shopper's language, never typed as mm/dd/yyyy.
  const birthday = page.getByRole('group', { name: '生日' });
  await birthday.getByRole('combobox', { name: '年' }).selectOption('1990');
  await birthday.getByRole('combobox', { name: '月' }).selectOption('5');
  await birthday.getByRole('combobox', { name: '日' }).selectOption('20');
  await page.getByLabel('个性签名').fill('买买买');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  // Back in the member centre under the new name; the profile page shows what was saved, after a reload too.
  await expect(page.locator('.member-header').getByText('小钱包')).toBeVisible();
  await page.goto('/#/user/profile/profile');
  await page.reload();
  await expect(page.getByLabel('昵称')).toHaveValue('小钱包');
  const saved = page.getByRole('group', { name: '生日' });
  await expect(saved.getByRole('combobox', { name: '年' })).toHaveValue('1990');
  await expect(saved.getByRole('combobox', { name: '月' })).toHaveValue('5');
  await expect(saved.getByRole('combobox', { name: '日' })).toHaveValue('20');
  await expect(saved.getByRole('combobox', { name: '月' }).locator('option:checked')).toHaveText('5月');
  await expect(page.getByRole('button', { name: '女', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Avatar: upload a picture, preview it, use it.
  await page.goto('/#/user/avatar/avatar');
  await page.getByLabel('选择图片').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('新头像预览')).toBeVisible();
  await page.getByRole('button', { name: '使用此头像' }).click();
  await expect(page.getByText('头像已更新')).toBeVisible();

  // Bind an e-mail with the code the outbox holds.
  const email = `${username}@example.com`;
  await openFromMemberCentre(page, '账号安全');
  await page.getByRole('link', { name: /绑定邮箱/ }).click();
  await expect(page).toHaveURL(/#\/user\/bindEmail\/bindEmail/);
  await page.getByLabel('新邮箱').fill(email);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  const [message] = JSON.parse(storefront('outbox', '--to', email, '--limit', '1', '--json')) as { code: string }[];
  await page.getByLabel('验证码').fill(message.code);
  await page.getByRole('button', { name: '绑定', exact: true }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();
  await openFromMemberCentre(page, '账号安全');
  await expect(page.getByText(`${username.slice(0, 2)}***@example.com`)).toBeVisible();

  // A bank card: the bank is recognised from the number.
  await openFromMemberCentre(page, '银行卡');
  await expect(page).toHaveURL(/#\/user\/addBank\/addBank/);
  await page.getByLabel('持卡人').fill('王小明');
  await page.getByLabel('卡号').fill('6228480402564890018');
  await expect(page.getByLabel('开户银行')).toHaveValue('中国农业银行');
  await page.getByLabel('预留手机号').fill('13800138000');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByText('银行卡已添加')).toBeVisible();
  await expect(page.getByText('**** **** **** 0018')).toBeVisible();
  await expect(page.getByText('6228480402564890018')).toHaveCount(0);

  // A card key staff generated: ¥50.00 into the balance.
  const batch = JSON.parse(storefront('cdkey', 'generate', '--count', '1', '--balance', '50', '--json')) as { cards: { card: string; password: string }[] };
  await openFromMemberCentre(page, '卡密兑换');
  await expect(page).toHaveURL(/#\/user\/cdkey\/addCdkey/);
  await page.getByRole('textbox', { name: '卡号' }).fill(batch.cards[0].card);
  await page.getByRole('textbox', { name: '卡密' }).fill(batch.cards[0].password);
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByText('兑换成功')).toBeVisible();
  await expect(page.getByText('余额 +¥50.00')).toBeVisible();

  // Cash out ¥20.00 to the card; the log shows it pending.
  await openFromMemberCentre(page, '提现');
  await expect(page).toHaveURL(/#\/user\/cashOut\/cashOut/);
  await expect(page.getByText('50.00').first()).toBeVisible();
  await page.getByLabel('提现金额').fill('20');
  await page.getByRole('button', { name: '申请提现' }).click();
  await expect(page.getByText('提现申请已提交')).toBeVisible();
  await expect(page).toHaveURL(/#\/user\/cashLog\/cashLog/);
  await expect(page.getByText('待审核')).toBeVisible();
  await expect(page.getByText('¥20.00').first()).toBeVisible();

  // Staff approve and pay it; the log says so.
  const [pending] = JSON.parse(storefront('cash', 'list', '--state', 'pending', '--json')) as { id: number; username?: string }[];
  storefront('cash', 'review', String(pending.id), '--approve');
  storefront('cash', 'pay', String(pending.id));
  await page.reload();
  await expect(page.getByText('已到账')).toBeVisible();
  // After a reload the bar still names the page (its plugin's strings load on first use).
  await expect(page.getByRole('heading', { name: '提现记录' })).toBeVisible();

  // The balance page books both: +50.00 from the card key, -20.00 for the cash-out.
  await page.goto('/#/user/money/money');
  await expect(page.getByText('30.00').first()).toBeVisible();
  await expect(page.getByText('+50.00')).toBeVisible();
  await expect(page.getByText('-20.00')).toBeVisible();
  expect(errors).toEqual([]);
});

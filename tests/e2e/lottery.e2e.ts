import { expect, test, type Page } from '@playwright/test';
import { newCardKey, redeemCardKey, register } from './helpers';

/**
 * The lucky draw (issue #13), in Chromium against `storefront start`: a new shopper opens 幸运抽奖
 * from the home grid and is refused without points; after a score card key the wheel spins, stops
 * on the prize the server logged (the first line of 我的奖品), and the score changes here and in
 * the member centre.
 */

/** The slot under the pointer, read from the disc's computed transform (what the shopper sees). */
async function slotUnderPointer(page: Page): Promise<number> {
  return page.getByTestId('lottery-disc').evaluate((disc) => {
    const matrix = new DOMMatrix(getComputedStyle(disc).transform);
    const degrees = (Math.atan2(matrix.b, matrix.a) * 180) / Math.PI;
    return Math.floor((((-degrees % 360) + 360) % 360) / 45) % 8;
  });
}

test('a shopper spins the wheel, sees it stop on the logged prize and the score change', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await register(page, `lottery${Date.now().toString(36)}`, 'secret123');

  // The home grid's entry leads to the wheel; without points a draw is refused and nothing changes.
  await page.goto('/#/');
  await page.getByRole('link', { name: '幸运抽奖', exact: true }).click();
  await expect(page).toHaveURL(/#\/marketing\/lottery\/lottery/);
  const wheel = page.getByRole('img', { name: /^抽奖转盘，共 8 个奖品：/ });
  await expect(wheel.locator('.lottery-wheel__label')).toHaveCount(8);
  await expect(page.getByTestId('lottery-score')).toHaveText('0');
  await expect(page.getByTestId('lottery-left')).toHaveText('5 次');
  await expect(page.getByText('还没有抽奖记录，转一次试试手气吧')).toBeVisible();
  await page.getByRole('button', { name: '抽奖' }).click();
  await expect(page.getByText('抽奖积分不足，每次抽奖需要 10 积分')).toBeVisible();
  await expect(page.getByTestId('lottery-left')).toHaveText('5 次');

  // 100 points from a card key.
  await page.goto('/#/user/cdkey/addCdkey');
  await redeemCardKey(page, newCardKey('--score', '100'));
  await expect(page.getByText('兑换成功')).toBeVisible();

  // Spin: the result shows only once the wheel has stopped, on the slot the server logged.
  await page.goto('/#/marketing/lottery/lottery');
  await expect(page.getByTestId('lottery-score')).toHaveText('100');
  await page.getByRole('button', { name: '抽奖' }).click();
  await expect(page.getByRole('button', { name: '抽奖中…' })).toBeDisabled();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const line = page.getByTestId('lottery-line').first();
  await expect(page.getByTestId('lottery-line')).toHaveCount(1);
  const logged = Number(await line.getAttribute('data-slot'));
  expect(await slotUnderPointer(page)).toBe(logged);
  const label = (await line.locator('.lottery-line__label').textContent()) ?? '';
  await expect(wheel.locator(`.lottery-wheel__segment[data-slot="${logged}"] .lottery-wheel__label`)).toHaveText(label);
  await expect(page.getByRole('status')).toHaveText(`转盘停在：${label}`);
  await expect(dialog).toContainText(label === '谢谢参与' ? '这次没有中奖' : `恭喜获得 ${label}`);
  await page.screenshot({ path: test.info().outputPath('lottery-result.png') });
  await dialog.getByRole('button', { name: '好的' }).click();

  // 100 − 10, plus the prize when it was points.
  const points = /^(\d+)积分$/.exec(label);
  const score = String(90 + (points ? Number(points[1]) : 0));
  await expect(page.getByTestId('lottery-score')).toHaveText(score);
  await expect(page.getByTestId('lottery-left')).toHaveText('4 次');

  // The member centre shows the new score, and has its own entry to the wheel.
  await page.goto('/#/pages/user/user');
  await expect(page.getByTestId('member-score')).toHaveText(score);
  await expect(page.getByRole('link', { name: '幸运抽奖', exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

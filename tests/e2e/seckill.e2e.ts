/**
 * Issue #26: a flash sale, live. Staff set up a running session with one unit of a SKU
 * (`storefront seckill session add`, `seckill goods add`); a shopper and a visitor who is not
 * logged in have the flash-sale page open; another shopper buys the unit. Both open pages show
 * it sold out at once, without a reload: the purchase is pushed over the socket (the visitor's
 * through the hub's read-only public connection).
 */
import { expect, test, type Page } from '@playwright/test';
import { logInNewContext, register, storefront } from './helpers';

/** "YYYY-MM-DD HH:mm" in Asia/Shanghai, `minutes` from now. */
function shanghai(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

const json = <T>(out: string) => JSON.parse(out) as T;

test('a purchase reaches every open flash-sale page at once, a visitor\'s too, and the last unit shows sold out', async ({ browser }) => {
  const sku = 1;
  storefront('goods', 'stock', String(sku), '50');
  const session = json<{ id: number }>(storefront('seckill', 'session', 'add', '--start', shanghai(-5), '--end', shanghai(60), '--title', 'E2E', '--json'));
  json<{ id: number }>(storefront('seckill', 'goods', 'add', String(session.id), String(sku), '--price', '1.00', '--stock', '1', '--quota', '1', '--json'));
  const salePage = `/#/marketing/seckill/seckill?session_id=${session.id}`;
  const item = (page: Page) => page.getByTestId('seckill-item').first();

  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await register(watcher, `watch${Date.now().toString(36)}`, 'secret123');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  for (const page of [watcher, visitor]) {
    await page.goto(salePage);
    await expect(item(page).getByTestId('seckill-buy')).toHaveText('立即抢购');
    await expect(item(page)).toContainText('仅剩 1 件');
  }

  const buyer = await logInNewContext(browser, 'demo', 'demo123456');
  await buyer.goto(salePage);
  await item(buyer).getByTestId('seckill-buy').click();
  await expect(buyer).toHaveURL(/#\/marketing\/seckill\/seckill_cart\?/);
  await buyer.getByRole('button', { name: '提交订单' }).click();
  await expect(buyer).toHaveURL(/#\/pages\/order\/pay\?order_no=\d{20}/);

  // No reload on the open pages: the push did it.
  for (const page of [watcher, visitor]) await expect(item(page).getByTestId('seckill-buy')).toHaveText('已抢光');
  const listed = json<{ id: number; goods: { sku_id: number; sold: number; left: number }[] }[]>(storefront('seckill', 'list', '--json'));
  expect(listed.find((s) => s.id === session.id)?.goods).toEqual([expect.objectContaining({ sku_id: sku, sold: 1, left: 0 })]);

  await Promise.all([watcherContext.close(), visitorContext.close(), buyer.context().close()]);
});

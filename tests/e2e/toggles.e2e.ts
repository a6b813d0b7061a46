import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * Per-site toggles without restart (DESIGN §3): switching `goods` off in the running server's site
 * file — with the plugins that require it, as the dependency check demands — removes its tab and
 * pages from the browser and makes its calls answer "plugin disabled"; switching back restores them.
 */
const siteFile = fileURLToPath(new URL('../../config/sites/default.json', import.meta.url));
const original = readFileSync(siteFile, 'utf8');

const GOODS_AND_DEPENDANTS = ['goods', 'cart', 'address', 'order'];

function setGoods(enabled: boolean) {
  const site = JSON.parse(original) as { plugins: Record<string, { enabled: boolean }> };
  for (const id of GOODS_AND_DEPENDANTS) if (site.plugins[id]) site.plugins[id].enabled = enabled;
  writeFileSync(siteFile, `${JSON.stringify(site, null, 2)}\n`);
}

async function enabledPlugins(request: import('@playwright/test').APIRequestContext): Promise<string[]> {
  const page = await request.get('/');
  const html = await page.text();
  const match = /window\.__BOOTSTRAP__=(.*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]) as { plugins: string[] }).plugins : [];
}

test.afterAll(() => writeFileSync(siteFile, original));

test('a plugin switched off in the site file disappears from the running app, and comes back', async ({ page, request }) => {
  await page.goto('/#/pages/category/category');
  await expect(page.locator('.sf-tabbar').getByText('分类')).toBeVisible();

  setGoods(false);
  await expect.poll(() => enabledPlugins(request), { timeout: 10_000 }).not.toContain('goods');
  await page.goto('/#/pages/category/category');
  await page.reload();
  await expect(page.getByRole('heading', { name: '页面不存在', level: 2 })).toBeVisible();
  await page.goto('/#/');
  await expect(page.locator('.sf-tabbar').getByText('首页')).toBeVisible();
  await expect(page.locator('.sf-tabbar').getByText('分类')).toHaveCount(0);

  setGoods(true);
  await expect.poll(() => enabledPlugins(request), { timeout: 10_000 }).toContain('goods');
  await page.reload();
  await expect(page.locator('.sf-tabbar').getByText('分类')).toBeVisible();
  await page.goto('/#/pages/category/category');
  await expect(page.getByRole('button', { name: '服饰' })).toBeVisible();
});

import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { expect, test } from '@playwright/test';
import { freePort, startChild, waitUntilReady, type Child } from '../bench/processes';
import { copyProject, type ProjectCopy } from '../cli/project-copy';

/**
 * A developer's first minutes (issue #3): `storefront plugin new wishlist` in a copy of the
 * project, a build, `storefront start` — and the new plugin's menu entry and page are in the app,
 * its sample call answering, with no kernel or app file edited.
 */
let copy: ProjectCopy;
let server: Child;
let baseURL: string;
let dataDir: string;

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  copy = copyProject();
  const created = await copy.storefront('plugin', 'new', 'wishlist');
  expect(created.code, created.stderr).toBe(0);
  const build = await copy.run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'app/vite.config.ts', '--logLevel', 'warn'], {
    timeoutMs: 240_000,
  });
  expect(build.code, build.stderr).toBe(0);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-scaffold-'));
  server = startChild('storefront start (copy)', process.execPath, ['cli/bin.js', 'start', '--demo', '--port', String(port), '--data-dir', dataDir], copy.root);
  await waitUntilReady(server, async () => (await fetch(`${baseURL}/`)).ok, 120_000);
});

test.afterAll(async () => {
  await server?.stop();
  copy?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a generated plugin appears in its menu slot, opens its page and answers its call', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseURL}/#/pages/user/user`);
  // The member centre's services slot holds the new entry; it asks for a login first.
  await page.getByText('Wishlist', { exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await page.getByLabel('账号').fill('demo');
  await page.getByLabel('密码', { exact: true }).fill('demo123456');
  await page.getByRole('button', { name: '登录', exact: true }).click();

  await expect(page).toHaveURL(/#\/pages\/wishlist\/wishlist/);
  await expect(page.getByText('还没有内容，在上方添加第一条吧')).toBeVisible();
  await page.getByPlaceholder('想记下点什么？').fill('绿茶');
  await page.getByRole('button', { name: '添加' }).click();
  await expect(page.getByText('我的条目（1）')).toBeVisible();
  await expect(page.getByText('绿茶')).toBeVisible();

  // The server kept it: a reload reads it back through the list call.
  await page.reload();
  await expect(page.getByText('绿茶')).toBeVisible();
  await page.getByPlaceholder('想记下点什么？').fill('绿茶');
  await page.getByRole('button', { name: '添加' }).click();
  await expect(page.getByText('“绿茶”已在列表中')).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * The kernel owns its tables (`kernel_*`): plugins reach users, balances, the ledger and uploads
 * through the kernel's services, never by naming a kernel table. Tests and a plugin's test helpers
 * (`testing.ts`, `fixtures.ts`) may look underneath (to
 * tamper with the ledger, say), and a plugin's migrations may reference `kernel_user` in a foreign
 * key: that is schema, not data access.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './testing';

const KERNEL_TABLE = /\bkernel_[a-z_]+/g;
const SOURCE = /\.tsx?$/;
// Tests, and a plugin's test helpers beside them (as the lint's boundaries treat them).
const EXEMPT = /(\.test\.tsx?|^(testing|fixtures)\.ts)$/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'node_modules' ? [] : sources(full);
    return SOURCE.test(entry.name) && !EXEMPT.test(entry.name) ? [full] : [];
  });
}

/** Every line of a plugin's source that names a kernel table, as `path:line: table`. */
function kernelTableReaches(root: string): string[] {
  return sources(path.join(root, 'plugins'))
    .sort()
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(KERNEL_TABLE)].map((m) => `${path.relative(root, file)}:${i + 1}: ${m[0]}`)),
    );
}

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('kernel tables', () => {
  it('are named by no plugin outside its tests and migrations', () => {
    expect(kernelTableReaches(REPO_ROOT)).toEqual([]);
  });

  it('are caught wherever a plugin names one: a query, a join, a comment', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-kernel-tables-'));
    scratch.push(root);
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('plugins/wish/service.ts', "db.selectFrom('wish_item')\n  .innerJoin('kernel_user as u', 'u.id', 'user_id');\n");
    write('plugins/wish/pages/list.page.tsx', '// reads kernel_ledger rows\n');
    write('plugins/wish/service.test.ts', "t.db.selectFrom('kernel_user');\n");
    write('plugins/wish/migrations/wish_001_init.ts', "c.references('kernel_user.id');\n");
    expect(kernelTableReaches(root)).toEqual(['plugins/wish/pages/list.page.tsx:1: kernel_ledger', 'plugins/wish/service.ts:2: kernel_user']);
  });
});

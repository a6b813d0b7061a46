import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@kernel/server/app';
import { copyProject, type ProjectCopy } from '../../tests/cli/project-copy';
import { generatePassword } from './user';

let copy: ProjectCopy;
let dataDir: string;
beforeAll(() => {
  copy = copyProject();
  dataDir = path.join(copy.root, 'data');
});
afterAll(() => copy?.remove());

const openSite = () => createApp({ root: copy.root, site: 'default', dataDir });
// `user add` and `outbox` run once each as a real process (copy.storefront), the other command lines in this one.

describe('storefront user add', () => {
  it('creates a staff member with a generated password that logs in', async () => {
    const result = await copy.storefront('user', 'add', 'alice', '--staff', '--json', '--data-dir', dataDir);
    expect(result.code).toBe(0);
    const created = JSON.parse(result.stdout) as { id: number; password: string; staff: boolean };
    expect(created.staff).toBe(true);
    const app = await openSite();
    try {
      const row = await app.storefront.db.selectFrom('kernel_user').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row.is_staff).toBe(1);
      expect(await app.storefront.services.passwords.verify(row.password_hash, created.password)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('refuses a taken username in English and a bad one before touching the database', async () => {
    const taken = await copy.storefrontInProcess('user', 'add', 'alice', '--password', 'abc12345', '--data-dir', dataDir);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/username.*(taken|exists|registered)/i);
    const bad = await copy.storefrontInProcess('user', 'add', '9lives', '--mobile', '123', '--data-dir', dataDir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('username "9lives"');
    expect(bad.stderr).toContain('mobile "123" is not an 11-digit mainland mobile number');
  });

  it('generates passwords that meet the password rule', () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));
    expect(passwords.size).toBe(50);
    for (const p of passwords) expect(p).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
  });
});

describe('storefront outbox', () => {
  it('shows the latest codes, newest first, filtered by target', async () => {
    const app = await openSite();
    try {
      const send = (target: string, ip: string) =>
        app.storefront.services.codes.send({ channel: 'sms', target, event: 'register', ip, lang: 'zh-Hans' });
      await send('13800138000', '10.0.0.1');
      await send('13900139000', '10.0.0.2');
    } finally {
      await app.close();
    }
    const all = JSON.parse((await copy.storefront('outbox', '--json', '--data-dir', dataDir)).stdout) as { target: string; code: string }[];
    expect(all.map((m) => m.target)).toEqual(['13900139000', '13800138000']);
    expect(all.every((m) => /^\d{6}$/.test(m.code))).toBe(true);
    const one = await copy.storefrontInProcess('outbox', '--to', '13800138000', '--data-dir', dataDir);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain(all[1].code);
    expect(one.stdout).not.toContain('13900139000');
  });
});

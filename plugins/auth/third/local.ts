/**
 * `local`: a pretend platform inside the shop, so the third-party flow runs offline (tests, the
 * demo, e2e). Its "authorisation" page (`/pages/login/local-platform`) asks for a platform name;
 * the platform grants a single-use code for it, kept (hashed) for five minutes, as a real
 * platform keeps its codes. The same name is always the same identity.
 */
import crypto from 'node:crypto';
import { sha256 } from '@kernel/server/services/hash';
import type { CallContext } from '@kernel/server/plugin';
import { LOCAL_PLATFORM_PATH } from '@kernel/core/paths';
import type { ThirdProvider } from './provider';
import type {} from '../tables';

const CODE_SECONDS = 5 * 60;

const stable = (kind: string, name: string) => sha256(`local:${kind}:${name}`).slice(0, 28);

export const localProvider: ThirdProvider = {
  id: 'local',
  name: { 'zh-Hans': '本地演示平台', en: 'Local demo platform' },
  authorizeUrl: ({ state, callback }) => `${LOCAL_PLATFORM_PATH}?${new URLSearchParams({ state, callback }).toString()}`,
  async verify(uuid, { db, services }) {
    // Deleted as it is read: a code works once, as a real platform's does.
    const row = await db
      .deleteFrom('auth_local_code')
      .where('code_hash', '=', sha256(uuid))
      .where('expires_at', '>=', services.clock.nowSeconds())
      .returning('name')
      .executeTakeFirst();
    if (!row) throw new Error('the local platform does not know this code, or it expired');
    return { openid: `lo_${stable('openid', row.name)}`, unionid: `lu_${stable('unionid', row.name)}`, nickname: row.name };
  },
};

/** The platform's side of "authorise": a fresh code for the name (the shopper "is" whoever they type). */
export async function grantLocalCode(ctx: Pick<CallContext, 'db' | 'services'>, name: string): Promise<string> {
  const now = ctx.services.clock.nowSeconds();
  const code = crypto.randomBytes(24).toString('base64url');
  await ctx.db.deleteFrom('auth_local_code').where('expires_at', '<', now).execute();
  await ctx.db.insertInto('auth_local_code').values({ code_hash: sha256(code), name, expires_at: now + CODE_SECONDS }).execute();
  return code;
}

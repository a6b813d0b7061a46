/**
 * Verified identities, kept ten minutes by the code they were verified with: a platform's code
 * works once, but the bind page asks first whether the identity is bound, then binds it with the
 * same code. A login or a binding uses the ticket up, so a code left in the browser's history
 * logs nobody in again.
 */
import { BizError } from '@kernel/core/errors';
import { sha256 } from '@kernel/server/services/hash';
import { LOGIN_IP_LIMIT, LOGIN_WINDOW_SECONDS } from '../service';
import type { ProviderContext, ThirdIdentity, ThirdProvider } from './provider';
import type {} from '../tables';

const TICKET_SECONDS = 10 * 60;

export type VerifiedIdentity = Required<ThirdIdentity>;

export async function verifiedIdentity(ctx: ProviderContext, provider: ThirdProvider, uuid: string): Promise<VerifiedIdentity> {
  const { db, services } = ctx;
  const now = services.clock.nowSeconds();
  const key = { provider: provider.id, uuid_hash: sha256(uuid) };
  const kept = await db
    .selectFrom('auth_third_ticket')
    .select(['openid', 'unionid', 'nickname', 'avatar'])
    .where('provider', '=', key.provider)
    .where('uuid_hash', '=', key.uuid_hash)
    .where('expires_at', '>=', now)
    .executeTakeFirst();
  if (kept) return kept;

  // Codes that fail count like failed password logins from the address: guessing codes (and
  // the platform calls each guess costs) stops at the login limit; a success takes its try back.
  const tries = `auth:third:ip:${ctx.ip}`;
  await services.rateLimit.hit(tries, LOGIN_IP_LIMIT, LOGIN_WINDOW_SECONDS);
  let found: ThirdIdentity;
  try {
    found = await provider.verify(uuid, ctx);
  } catch {
    // The platform's reason (network, a used code, its own error) is for the log, not the shopper.
    throw new BizError('auth:message.third_openid_failed');
  }
  if (!found.openid) throw new BizError('auth:message.third_openid_failed');
  await services.rateLimit.undo(tries);
  const identity: VerifiedIdentity = {
    openid: found.openid.slice(0, 128),
    unionid: (found.unionid ?? '').slice(0, 128),
    nickname: (found.nickname ?? '').slice(0, 64),
    avatar: (found.avatar ?? '').slice(0, 512),
  };
  await db.deleteFrom('auth_third_ticket').where('expires_at', '<', now).execute();
  // Two asks with one code at once: the first keeps it, and both answer the same identity.
  await db
    .insertInto('auth_third_ticket')
    .values({ ...key, ...identity, expires_at: now + TICKET_SECONDS })
    .onConflict((oc) => oc.columns(['provider', 'uuid_hash']).doNothing())
    .execute();
  return identity;
}

/** Uses a ticket up (after the login or binding it was for). */
export async function forgetTicket(ctx: Pick<ProviderContext, 'db'>, provider: ThirdProvider, uuid: string): Promise<void> {
  await ctx.db.deleteFrom('auth_third_ticket').where('provider', '=', provider.id).where('uuid_hash', '=', sha256(uuid)).execute();
}

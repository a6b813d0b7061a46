/**
 * Binding a platform identity to a mobile (`/api/user/bindThirdAccount`): the provider verifies
 * the identity, an SMS code (event `bindthird`) the mobile. A mobile with an account gets the
 * identity added to it; a new mobile gets an account. An identity binds to one account only, an
 * account holds one identity per platform, and a locked account is refused as a login is.
 *
 * Two binds at once end as they would one after the other: the unique indexes decide, and the
 * loser reads what won. Of two binds making an account for one new mobile, the loser binds again
 * to the account the winner made (refused when that account now holds another identity of the
 * platform, as it would be later).
 */
import crypto from 'node:crypto';
import { BizError } from '@kernel/core/errors';
import type { LoginReply } from '@kernel/core/user';
import type { CallContext, Db, Tx, UserRecord } from '@kernel/server/plugin';
import { beside } from '../beside';
import { startSession } from '../session';
import type { AuthSettings } from '../settings';
import { findByMobile } from '../users';
import { identityBySubject, identityOfUser, insertIdentity } from './identities';
import { subjectOf, type ThirdProvider } from './provider';
import { enabledProvider } from './registry';
import { forgetTicket, verifiedIdentity, type VerifiedIdentity } from './tickets';

type Ctx = Pick<CallContext<AuthSettings>, 'db' | 'services' | 'ip' | 'lang' | 'settings'>;

/** An identity as it is bound: the platform, what makes it one, and its ids. */
interface Claim {
  provider: ThirdProvider;
  subject: string;
  identity: VerifiedIdentity;
}

export async function bindThirdAccount(ctx: Ctx, input: { uuid: string; mobile: string; type: string; captcha: string }): Promise<LoginReply> {
  const provider = enabledProvider(ctx.settings, input.type);
  const identity = await verifiedIdentity(ctx, provider, input.uuid);
  const claim: Claim = { provider, subject: subjectOf(identity), identity };
  // Refusals that need no code come first, so a refused binding never burns the shopper's code.
  await refuseBinding(ctx, ctx.db, claim, () => findByMobile(ctx, input.mobile));
  await beside('captcha', ctx.services.codes.verify({ channel: 'sms', target: input.mobile, event: 'bindthird', code: input.captcha }));
  const user = await attach(ctx, claim, input.mobile);
  await forgetTicket(ctx, provider, input.uuid);
  return startSession(ctx, user, provider.id);
}

type Owner = Pick<UserRecord, 'id' | 'locked'> | null;

/**
 * Why this identity may not bind to the mobile's account (`ownerOf`: null for a new mobile), as a
 * BizError. The identity is read before the account: a bind that commits both between the two
 * reads is then seen whole (its account) or not at all, never as an identity without its account.
 */
async function refuseBinding(ctx: Pick<Ctx, 'lang'>, q: Db | Tx, claim: Claim, ownerOf: () => Promise<Owner>): Promise<void> {
  const holder = await identityBySubject(q, claim.provider.id, claim.subject);
  const owner = await ownerOf();
  if (holder && holder.userId !== owner?.id) throw new BizError('auth:message.third_bound_elsewhere', { platform: claim.provider.name[ctx.lang] });
  if (!owner) return;
  if (owner.locked) throw new BizError('auth:message.account_locked');
  const held = await identityOfUser(q, claim.provider.id, owner.id);
  if (held && held.subject !== claim.subject) {
    throw new BizError('auth:message.third_account_has_other', { platform: claim.provider.name[ctx.lang] }, { field: 'mobile' });
  }
}

/** Binds in one transaction (making the account when the mobile has none); the account it bound to. */
async function attach(ctx: Ctx, claim: Claim, mobile: string, again = false): Promise<UserRecord> {
  try {
    const userId = await ctx.db.transaction().execute(async (tx) => {
      // Checked again inside: another bind may have moved things since the first look.
      const seen: { owner: Owner } = { owner: null };
      await refuseBinding(ctx, tx, claim, async () => (seen.owner = (await ctx.services.users.find(tx, { mobile })) ?? null));
      const { owner } = seen;
      const id = owner?.id ?? (await createAccount(ctx, tx, claim, mobile));
      const { openid, unionid } = claim.identity;
      const bound = await insertIdentity(tx, { provider: claim.provider.id, subject: claim.subject, openid, unionid, userId: id, createdAt: ctx.services.clock.nowSeconds() });
      if (!bound) {
        // A bind racing this one took an index first: refuse as the checks would have (none
        // does when it bound this very identity to this account: that is just a login).
        await refuseBinding(ctx, tx, claim, async () => ({ id, locked: false }));
        if (!(await identityBySubject(tx, claim.provider.id, claim.subject))) throw new BizError('kernel:message.busy');
      }
      return id;
    });
    const user = await ctx.services.users.find(ctx.db, { id: userId });
    if (!user) throw new BizError('kernel:message.user_not_found');
    return user;
  } catch (error) {
    // Another bind made the account for this mobile first: bind again, to that account.
    if (!again && error instanceof BizError && error.key === 'kernel:message.mobile_taken') return attach(ctx, claim, mobile, true);
    throw error;
  }
}

/** A new account for the mobile: a generated username, a random password nobody knows (the mobile resets it), the platform's nickname and avatar. */
async function createAccount(ctx: Ctx, tx: Tx, claim: Claim, mobile: string): Promise<number> {
  let username = generatedUsername(claim.provider.id);
  while (await ctx.services.users.find(tx, { username })) username = generatedUsername(claim.provider.id);
  const { nickname, avatar } = claim.identity;
  return ctx.services.users.create(
    { username, password: crypto.randomBytes(24).toString('base64url'), mobile, nickname: nickname || undefined, avatar: avatar || undefined, ip: ctx.ip },
    tx,
  );
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const generatedUsername = (provider: string) =>
  `${provider.slice(0, 12)}_${Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('')}`;

/**
 * How operator commands name a user: by username, mobile, e-mail or id, whatever the operator has
 * at hand (a support ticket gives a mobile, a log an id), and how they print one.
 */
import { BizError } from '../core/errors';
import type { OperatorContext } from './plugin';

export interface NamedUser {
  id: number;
  username: string;
  nickname: string;
}

/** The user a name gives: a username, a mobile, an e-mail or an id; refused naming what was typed. */
export async function userNamed(ctx: Pick<OperatorContext, 'db' | 'services'>, name: string): Promise<NamedUser> {
  const key = name.trim();
  const keys = [{ username: key }, { mobile: key }, { email: key }, ...(/^\d{1,9}$/.test(key) ? [{ id: Number(key) }] : [])];
  for (const k of keys) {
    const user = await ctx.services.users.find(ctx.db, k);
    if (user) return { id: user.id, username: user.username, nickname: user.nickname };
  }
  throw new BizError('kernel:operator.no_user', { user: key });
}

/** `ann (安) #7`: the username, the nickname when it says more, and the id. */
export const userLabel = (user: NamedUser): string => `${user.username}${user.nickname && user.nickname !== user.username ? ` (${user.nickname})` : ''} #${user.id}`;

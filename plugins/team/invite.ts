/**
 * The invite page's data: the shopper's own code and the register link that carries it, what the
 * poster shows (their name and picture, the shop's name), who invited them and since when, and
 * how many members their team has on each level.
 */
import { REGISTER_PATH } from '@kernel/core/paths';
import { inviteeCount } from '@kernel/server/invite-tree';
import type { CallContext, Db } from '@kernel/server/plugin';
import { bindingOf } from './bind';
import type { InviteInfo, TeamParent } from './contract';
import type { TeamSettings } from './settings';

/** The app path a friend registers through: the register page with the code filled in. */
export const invitePath = (code: string): string => `${REGISTER_PATH}?invite=${encodeURIComponent(code)}`;

export async function inviteInfo(ctx: CallContext<TeamSettings>): Promise<InviteInfo> {
  const { id } = ctx.requireUser();
  const [info, parent, counts] = await Promise.all([ctx.services.users.info(id), parentOf(ctx, id), teamCounts(ctx.db, id)]);
  return {
    code: info.invite,
    path: invitePath(info.invite),
    nickname: info.nickname || info.username,
    avatar: info.avatar,
    site_name: ctx.site.siteName,
    parent,
    ...counts,
  };
}

/** Who invited the shopper, as the page shows them; null for nobody. */
async function parentOf(ctx: CallContext<TeamSettings>, userId: number): Promise<TeamParent | null> {
  const binding = await bindingOf(ctx.db, userId);
  if (!binding) return null;
  const parent = (await ctx.services.users.byIds(ctx.db, [binding.parentId])).get(binding.parentId);
  // The inviter's account is gone (parent_id is set null on delete, so only for a moment): show nobody.
  if (!parent) return null;
  return { nickname: parent.nickname || parent.username, avatar: parent.avatar, bound_at: binding.boundAt };
}

/** Members on the first level (invited by the shopper) and the second (invited by those). */
export async function teamCounts(db: Db, userId: number): Promise<{ direct: number; indirect: number }> {
  const [direct, indirect] = await Promise.all([inviteeCount(db, userId, 1), inviteeCount(db, userId, 2)]);
  return { direct, indirect };
}

/**
 * The way in through a third-party platform: which platforms the site offers (with where each
 * sends the shopper to authorise), and logging in with the code the platform hands back — a bound
 * identity logs in, an unbound one answers what the platform told of the shopper, for the bind form.
 */
import type { CallContext } from '@kernel/server/plugin';
import type { ThirdLoginReply, ThirdProviderView } from '../contract';
import { startSession } from '../session';
import type { AuthSettings } from '../settings';
import { identityBySubject } from './identities';
import { subjectOf, type AuthorizeInput } from './provider';
import { enabledProvider, enabledProviders } from './registry';
import { forgetTicket, verifiedIdentity } from './tickets';

type Ctx = Pick<CallContext<AuthSettings>, 'db' | 'services' | 'ip' | 'lang' | 'settings'>;

export function thirdProviders(ctx: Pick<Ctx, 'lang' | 'settings'>, input: AuthorizeInput): { list: ThirdProviderView[] } {
  const list = enabledProviders(ctx.settings).map((provider) => ({
    type: provider.id,
    name: provider.name[ctx.lang],
    url: provider.authorizeUrl({ ...input, callback: withType(input.callback, provider.id) }, ctx.settings),
  }));
  return { list };
}

/** The bind page learns which platform came back from its own address. */
function withType(callback: string, type: string): string {
  const [path, search = ''] = callback.split('?');
  const query = new URLSearchParams(search);
  query.set('type', type);
  return `${path}?${query.toString()}`;
}

export async function thirdLogin(ctx: Ctx, input: { uuid: string; type: string }): Promise<ThirdLoginReply> {
  const provider = enabledProvider(ctx.settings, input.type);
  const identity = await verifiedIdentity(ctx, provider, input.uuid);
  const holder = await identityBySubject(ctx.db, provider.id, subjectOf(identity));
  const user = holder ? await ctx.services.users.find(ctx.db, { id: holder.userId }) : null;
  if (!user) return { bound: false, nickname: identity.nickname, avatar: identity.avatar, platform: provider.name[ctx.lang] };
  const reply = await startSession(ctx, user, provider.id);
  await forgetTicket(ctx, provider, input.uuid);
  return { bound: true, ...reply };
}

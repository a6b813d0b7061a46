/** The calls the kernel answers itself (kernel/core/kernel.contract.ts), whatever plugins a site runs. */
import { clientDescriptor } from '../core/descriptor';
import { HttpError } from '../core/errors';
import { kernelContract } from '../core/kernel.contract';
import { businessDate, BUSINESS_TIMEZONE, unixSeconds } from './clock';
import { KERNEL, type CallRoute } from './call-route';
import type { Handler } from './plugin';
import type { PluginRegistry } from './registry';
import type { IndexReply } from '../core/site';
import type { LiveSiteConfig, LoadedSite } from './site-config';

/** The `/api/index/index` reply: site config and the enabled plugins' descriptors (also written into index.html). */
export function indexReply(site: LoadedSite, registry: PluginRegistry): IndexReply {
  return {
    site: site.file.site,
    plugins: site.enabled.map((id) => {
      const plugin = registry.get(id);
      return plugin?.descriptor ? clientDescriptor(plugin.descriptor) : { id, version: plugin?.version ?? '' };
    }),
  };
}

export function kernelCalls(site: LiveSiteConfig, registry: PluginRegistry): CallRoute[] {
  const index: Handler<typeof kernelContract.index, Record<string, unknown>> = () => indexReply(site.current(), registry);

  const serverTime: Handler<typeof kernelContract.serverTime, Record<string, unknown>> = (_payload, ctx) => {
    const now = ctx.services.clock.now();
    return { time: unixSeconds(now), timezone: BUSINESS_TIMEZONE, date: businessDate(now) };
  };

  const refreshToken: Handler<typeof kernelContract.refreshToken, Record<string, unknown>> = async (payload, ctx) => {
    const pair = await ctx.services.tokens.refresh(payload.refresh_token);
    const user = pair ? await ctx.services.tokens.authenticate(pair.token) : null;
    if (!pair || !user) throw new HttpError(401, 'kernel:message.token_invalid');
    return { userinfo: await ctx.services.users.info(user.id, pair) };
  };

  return [
    route(kernelContract.index, index),
    route(kernelContract.serverTime, serverTime),
    route(kernelContract.refreshToken, refreshToken),
  ];
}

function route<C extends CallRoute['call']>(call: C, handler: Handler<C, Record<string, unknown>>): CallRoute {
  return { plugin: KERNEL, call, handler: handler as CallRoute['handler'] };
}

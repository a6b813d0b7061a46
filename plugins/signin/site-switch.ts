/** The site config's `signIn` switch (spec §3): off, every sign-in call refuses and the entries hide (descriptor `siteFlag`). */
import { BizError } from '@kernel/core/errors';
import type { SiteConfig } from '@kernel/core/site';

export function refuseWhenOff(site: SiteConfig): void {
  if (!site.signIn) throw new BizError('signin:message.off');
}

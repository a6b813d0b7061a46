/**
 * A third-party login platform (WeChat's OAuth, say, or the offline `local` one): where the
 * shopper is sent to authorise, and how the code the platform hands back is turned into who they
 * are there. A provider is one file implementing this, listed in ./registry.ts; the site turns it
 * on in the auth plugin's `thirdLogin` setting.
 */
import type { CallContext } from '@kernel/server/plugin';
import type { AuthSettings } from '../settings';

/** Who the shopper is on the platform. */
export interface ThirdIdentity {
  openid: string;
  /** The same person across the platform's apps, when the platform says so. */
  unionid?: string;
  nickname?: string;
  avatar?: string;
}

export interface AuthorizeInput {
  /** Random, kept by the browser: the bind page goes on only when the platform hands it back unchanged. */
  state: string;
  /** The in-shop path the platform returns to, with its query (`/pages/login/third?type=wechat&returnTo=…`). */
  callback: string;
  /** The page's address before the hash (`https://shop.example/`): a platform outside the shop needs a full URL. */
  origin: string;
}

/** What a provider may use while verifying: the database (the local platform keeps its codes there), services, time. */
export type ProviderContext = Pick<CallContext, 'db' | 'services' | 'ip'> & { settings: AuthSettings };

export interface ThirdProvider {
  /** The `type` on the wire and in the setting: `local`, `wechat`. */
  id: string;
  /** What the login page's button says. */
  name: { 'zh-Hans': string; en: string };
  /**
   * Where the browser goes to authorise: an in-shop path (starting with `/`) or a full URL. The
   * platform must come back to `callback` with its code as `uuid` (or `code`) and `state`.
   */
  authorizeUrl(input: AuthorizeInput, settings: AuthSettings): string;
  /**
   * The identity behind a code the platform handed back. Throws (any error) when the platform
   * refuses the code or cannot be reached: the shopper reads "failed to get the open id".
   */
  verify(uuid: string, ctx: ProviderContext): Promise<ThirdIdentity>;
}

/** What makes two logins one identity: the union id when the platform gives one, else the open id. */
export const subjectOf = (identity: Pick<ThirdIdentity, 'openid' | 'unionid'>): string => identity.unionid || identity.openid;

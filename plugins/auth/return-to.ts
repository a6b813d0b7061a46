/** Where the shopper lands after logging in or registering: back where they came from, else the member centre. */
import { isAuthPage } from '@kernel/client/navigator';
import { HOME_PATH } from '@kernel/client/registries';
import { splitPath } from '@kernel/client/url';

/** The member plugin's page; a route path, not an import, since auth does not require member. */
export const MEMBER_CENTRE = '/pages/user/user';

export function afterLoginPath(returnTo: string | undefined, hasRoute: (path: string) => boolean): string {
  // Only an in-app path: `//host` or `https:` would leave the shop, and the login page would loop.
  if (returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !isAuthPage(splitPath(returnTo).path)) {
    return returnTo;
  }
  return hasRoute(MEMBER_CENTRE) ? MEMBER_CENTRE : HOME_PATH;
}

/**
 * Where the shopper lands after logging in or registering: back where they came from, else the
 * member centre; a staff member without an explicit returnTo goes to the chat desk, when the
 * site runs chat.
 */
import { isAuthPage } from '@kernel/client/navigator';
import { HOME_PATH } from '@kernel/client/registries';
import { splitPath } from '@kernel/client/url';

/** The member plugin's page; a route path, not an import, since auth does not require member. */
export const MEMBER_CENTRE = '/pages/user/user';
/** The chat plugin's staff desk; a route path for the same reason (it is mounted only where chat is on). */
export const STAFF_DESK = '/staff/desk/desk';

export function afterLoginPath(returnTo: string | undefined, hasRoute: (path: string) => boolean, isStaff = false): string {
  // Only an in-app path: `//host` or `https:` would leave the shop, and the login page would loop.
  if (returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') && !isAuthPage(splitPath(returnTo).path)) {
    return returnTo;
  }
  if (isStaff && hasRoute(STAFF_DESK)) return STAFF_DESK;
  return hasRoute(MEMBER_CENTRE) ? MEMBER_CENTRE : HOME_PATH;
}

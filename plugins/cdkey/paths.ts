/** The card-key page's route (spec §2, custom navigation bar). */
export const ADD_CDKEY_PATH = '/user/cdkey/addCdkey';

/**
 * Where to go back once a card is redeemed: `returnTo` when it names a page of this app (a route
 * path, never `//host` or `https:`), else null (the success panel stays).
 */
export function returnPath(returnTo: string | undefined, hasRoute: (path: string) => boolean): string | null {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//')) return null;
  return hasRoute(returnTo.split('?')[0]) ? returnTo : null;
}

/**
 * The desktop-only rule of spec §1: a phone or tablet is sent to the site's front host — the
 * configured one, else the current host with "admin" replaced by "www" — but only when that is
 * a different host, so a front host that serves this very app can never bounce a visitor forever.
 */
const MOBILE_OR_TABLET = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|IEMobile|Tablet|Silk|Kindle|PlayBook|BlackBerry|BB10|Opera Mini|webOS/i;

export function isDesktop(userAgent: string): boolean {
  return !MOBILE_OR_TABLET.test(userAgent);
}

export function frontHost(configured: string, currentHost: string): string {
  return configured.trim() || currentHost.replace('admin', 'www');
}

/** Where a non-desktop visitor must go, or null to stay. */
export function desktopRedirect(userAgent: string, configuredFrontHost: string, currentHost: string): string | null {
  if (isDesktop(userAgent)) return null;
  const target = frontHost(configuredFrontHost, currentHost);
  if (!target || target.toLowerCase() === currentHost.toLowerCase()) return null;
  return target;
}

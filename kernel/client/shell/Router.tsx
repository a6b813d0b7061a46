/**
 * Hash routing over the route registry: the page of an enabled plugin (or not-found), the
 * default navigation bar or none, the tab bar for tab pages, the query handed to the page,
 * login guards (`auth` routes, and every page but login/register when the site forces login;
 * an expired session is explained on the login page), and the document title. The whole view
 * re-mounts when the enabled plugin list changes.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHashLocation } from 'wouter/use-hash-location';
import { QueryContext } from '../context';
import { useKernel, useNamespacesReady, useSession, useSite } from '../hooks';
import { namespacesOf } from '../i18n-namespaces';
import { isAuthPage } from '../navigator';
import { LOGIN_PATH } from '../registries';
import { FrameContext } from '../ui/frame';
import { NavBar } from '../ui/NavBar';
import { splitPath } from '../url';
import { LazyPage } from './LazyPage';
import { useExpiryNotice } from './expiry-notice';
import { NotFound } from './NotFound';
import { TabBarHost } from './TabBarHost';
import { useSettledLocation } from './settled-location';

export function Router() {
  const kernel = useKernel();
  const [current] = useHashLocation();
  const location = useSettledLocation(current, kernel.routes);
  const site = useSite();
  const session = useSession();
  const { t } = useTranslation();
  const { path, query } = splitPath(location);
  const route = kernel.routes.find(path);

  const forced = Boolean(site.config?.forceLogin) && !isAuthPage(path);
  const mustLogin = !session.loggedIn && (forced || Boolean(route?.auth));

  useEffect(() => {
    // Replace, so "back" from the login page does not land on the guarded page again.
    if (mustLogin) kernel.nav.replace(LOGIN_PATH, { returnTo: location });
  }, [mustLogin, location, kernel]);
  useExpiryNotice(path);

  const siteName = site.config?.siteName ?? '';
  // Empty until a title's strings have arrived (they load with the page), never the raw key.
  const titleReady = useNamespacesReady(namespacesOf(route ? [route.title] : []));
  const title = !route ? t('kernel:ui.not_found_title') : titleReady ? t(route.title) : '';
  useEffect(() => {
    document.title = [title, siteName].filter(Boolean).join(' - ');
  }, [title, siteName]);

  useLayoutEffect(() => {
    document.documentElement.scrollTop = 0;
  }, [location]);

  if (mustLogin) return null;
  const enabledKey = site.enabled.map((p) => p.id).join(',');
  if (!route) return <NotFound key={enabledKey} />;

  const frame = { tabbar: Boolean(route.tabbar), navBar: route.navBar === 'default' };
  return (
    <FrameContext.Provider value={frame} key={enabledKey}>
      <QueryContext.Provider value={query}>
        {frame.navBar && <NavBar title={title} />}
        <LazyPage key={location} route={route} query={query} />
        {frame.tabbar && <TabBarHost path={path} />}
      </QueryContext.Provider>
    </FrameContext.Provider>
  );
}

/**
 * The bootstrap the server writes into index.html (`window.__BOOTSTRAP__`). Under `vite dev`
 * without the API host in front, the default site's file stands in for the signature, and boot
 * asks the API host for the site and its plugins; that branch is removed from production builds,
 * so the site file never ships in the bundle.
 */
import type { Bootstrap } from '@kernel/core/site';

declare global {
  interface Window {
    __BOOTSTRAP__?: Bootstrap;
  }
}

export async function readBootstrap(): Promise<Bootstrap> {
  if (window.__BOOTSTRAP__) return window.__BOOTSTRAP__;
  if (import.meta.env.DEV) {
    const { default: file } = await import('@config/sites/default.json');
    return {
      site: 'default',
      apiUrl: file.site.apiUrl ?? '',
      appKey: file.app.key,
      appSecret: file.app.secret,
      frontHost: '',
    };
  }
  throw new Error('index.html carries no bootstrap: serve the app through `storefront start`');
}

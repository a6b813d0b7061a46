/**
 * The bootstrap the server writes into index.html, as a JSON data block (BOOTSTRAP_ID). Under `vite dev`
 * without the API host in front, the default site's file stands in for the signature, and boot
 * asks the API host for the site and its plugins; that branch is removed from production builds,
 * so the site file never ships in the bundle.
 */
import { BOOTSTRAP_ID, type Bootstrap } from '@kernel/core/bootstrap';

export async function readBootstrap(): Promise<Bootstrap> {
  const block = document.getElementById(BOOTSTRAP_ID);
  if (block?.textContent) return JSON.parse(block.textContent) as Bootstrap;
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

// How the `storefront` processes load the project's sources: TypeScript through tsx with this
// project's tsconfig (path aliases), and stylesheets as empty modules — a plugin's client
// manifest may import a component that imports its CSS, and the CLI and server read manifests
// for their ids, routes and menus, never their styles.
import { register as registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });

const styleHooks = `
export async function load(url, context, next) {
  if (/\\.(css|scss|less)(\\?.*)?$/.test(url)) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return next(url, context);
}`;
registerHooks(`data:text/javascript,${encodeURIComponent(styleHooks)}`);

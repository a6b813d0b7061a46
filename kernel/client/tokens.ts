/**
 * Typed DI tokens for every browser service. Services are registered with `useValue` or
 * factories (see create-kernel.ts), never with constructor decorators: a factory states its
 * dependencies in plain code, needs no decorator metadata and survives any bundler. A test or a
 * plugin replaces a service by registering its own value under the token.
 */
import type { InjectionToken } from 'tsyringe';
import type { i18n as I18next } from 'i18next';
import type { CallDef } from '../core/contract';
import type { Bootstrap } from '../core/bootstrap';
import type {
  Extensions,
  Http,
  Kernel,
  Locale,
  MenuRegistry,
  Navigator,
  RouteRegistry,
  Session,
  SiteState,
  Socket,
  Storage,
} from './kernel';
import type { Browser } from './browser';
import type { Dialogs } from './dialogs';
import type { I18nSources } from './plugin';
import type { HttpFetch } from './http-transport';
import type { WebSocketFactory } from './socket';
import type { EventSourceFactory } from './site-events';

const token = <T>(name: string): InjectionToken<T> => Symbol.for(`storefront:${name}`) as InjectionToken<T>;

export const BootstrapToken = token<Bootstrap>('bootstrap');
export const HttpToken = token<Http>('http');
/** The fetch that carries requests (null: the browser's); tests swap in a fake network here. */
export const HttpAdapterToken = token<HttpFetch | null>('http-adapter');
export const StorageToken = token<Storage>('storage');
/** The Web Storage area behind Storage (localStorage); tests may swap it. */
export const StorageAreaToken = token<globalThis.Storage>('storage-area');
export const SessionToken = token<Session>('session');
export const SiteToken = token<SiteState>('site');
export const I18nToken = token<I18next>('i18n');
/** The kernel's own strings (namespace `kernel`): loaders by default; tests give them inline. */
export const KernelStringsToken = token<I18nSources>('kernel-strings');
export const LocaleToken = token<Locale>('locale');
export const RoutesToken = token<RouteRegistry>('routes');
export const MenuToken = token<MenuRegistry>('menu');
export const ExtensionsToken = token<Extensions>('extensions');
export const NavigatorToken = token<Navigator>('navigator');
export const KernelToken = token<Kernel>('kernel');
/** Modal and toast feedback the services raise (the ui kit's imperative API by default). */
export const DialogsToken = token<Dialogs>('dialogs');
/** Device facts and page-level navigation (user agent, online state, host, hard redirects). */
export const BrowserToken = token<Browser>('browser');
/** The chat socket (kernel.socket). */
export const SocketToken = token<Socket>('socket');
/** Opens a WebSocket (the browser's by default); tests give a fake (`fakeSocketServer()`). */
export const WebSocketFactoryToken = token<WebSocketFactory>('websocket-factory');
/**
 * Opens the site event stream's EventSource (the browser's when nothing is registered: see
 * `siteEventSource` in site-refresh.ts); tests give a fake.
 */
export const EventSourceFactoryToken = token<EventSourceFactory>('event-source-factory');
/**
 * The call `session.logout()` makes. The auth plugin provides it in its `setup`, so the kernel
 * never depends on a plugin (without it, logout only clears locally). A loader keeps the
 * contract (and zod) out of the initial bundle:
 *   kernel.container.register(LogoutCall, { useValue: () => import('./contract').then((m) => m.authContract.logout) })
 * A plain CallDef (`{ useValue: authContract.logout }`) works too.
 */
export type LogoutCallValue = CallDef | (() => Promise<CallDef>);
export const LogoutCall = token<LogoutCallValue>('logout-call');

/** The container token of a plugin store declared in its manifest's `stores`. */
export const storeToken = (plugin: string, name: string): string => `store:${plugin}.${name}`;

/**
 * The browser kernel as plugins see it. Every service is also registered in the tsyringe
 * container under its token (./tokens.ts) so a plugin or a test can replace it.
 */
import type { DependencyContainer } from 'tsyringe';
import type { i18n as I18next } from 'i18next';
import type { CallDef, PayloadIn, ReplyOf } from '../core/contract';
import type { Reply } from '../core/envelope';
import type { SocketMessage, SocketState } from '../core/socket';
import type { FirstScreenData, IndexReply, SiteConfig } from '../core/site';
import type { UserInfo } from '../core/user';
import type { ExtensionPoint } from '../core/extension';
import type { Language } from '../core/language';
import type { MenuEntry, MenuSlot, RouteDef } from './plugin';
import type { PluginHost } from './plugin-host';

export interface CallOptions {
  /** Show a toast with the reply's msg when code is 0 (default true). */
  toastError?: boolean;
  /** Show the loading indicator (default false). */
  loading?: boolean;
}

export interface Http {
  /** Signed POST (or GET) of a contract call; resolves with the whole envelope, whatever its code. */
  call<C extends CallDef>(call: C, payload: PayloadIn<C>, options?: CallOptions): Promise<Reply<ReplyOf<C>>>;
  /** Same, but resolves with `data` on code 1 and rejects with a CallError on code 0. */
  data<C extends CallDef>(call: C, payload: PayloadIn<C>, options?: CallOptions): Promise<ReplyOf<C>>;
  /** multipart upload to a call declared `multipart: true`. */
  upload<C extends CallDef>(call: C, file: Blob, options?: UploadOptions): Promise<Reply<ReplyOf<C>>>;
}

export interface UploadOptions {
  /** Form fields sent beside the file. */
  fields?: Record<string, string>;
  /** Called as the file leaves, with the share of it sent (0 to 1). */
  onProgress?: (fraction: number) => void;
}

export interface Storage {
  get<T>(key: string, fallback: T): T;
  set<T>(key: string, value: T): void;
  remove(key: string): void;
}

export interface SessionState {
  user: UserInfo | null;
  readonly loggedIn: boolean;
  /** The last session ended because the server no longer accepted it, and the login page has not said so yet. */
  expired: boolean;
}

export interface Session {
  /** valtio proxy: read with useSnapshot. */
  state: SessionState;
  /** Stores the user info from a login/register reply and announces `login`. */
  login(user: UserInfo): void;
  /** Merges fresh fields (e.g. money after a payment) into the stored user. */
  update(fields: Partial<UserInfo>): void;
  /** Calls the server; clears the session only when it answers code 1 (spec §4). */
  logout(): Promise<boolean>;
  /** Clears without calling the server. */
  clear(): void;
  /**
   * Ends a session the server no longer accepts (401 and no working refresh token): clears it
   * quietly and sets `state.expired` until the next login or `expiryShown()`. False when there
   * was no session (nothing expired).
   */
  expire(): boolean;
  /** The visitor has been told their login expired. */
  expiryShown(): void;
  on(event: 'login' | 'logout', listener: (user: UserInfo | null) => void): () => void;
}

export interface SiteState {
  config: SiteConfig | null;
  enabled: IndexReply['plugins'];
  isEnabled(id: string): boolean;
}

export interface RouteRegistry {
  list(): RouteDef[];
  find(path: string): RouteDef | undefined;
}

export interface MenuRegistry {
  /** Entries of a slot from enabled plugins, ordered. */
  slot(slot: MenuSlot): MenuEntry[];
}

export interface Extensions {
  /** The values enabled plugins whose code has loaded put into `point`, in plugin order. */
  list<T>(point: ExtensionPoint<T>): T[];
}

export interface Navigator {
  /** Go to a route path, optionally with query. */
  to(path: string, query?: Record<string, string | number>): void;
  replace(path: string, query?: Record<string, string | number>): void;
  back(): void;
  /** Sends the visitor to the login page and back to `returnTo` afterwards. */
  login(returnTo?: string): void;
}

export type { Language };

/**
 * Language switching and the time formats of spec §9, in the current language. The time formats
 * load on first use (they need dayjs): `useLocale()` waits for them; elsewhere await
 * `loadTimeFormats()` before calling `relativeTime` or `chatTime`.
 */
export interface Locale {
  language(): Language;
  /** Switches the language (after loading its strings) and remembers the choice. */
  setLanguage(language: Language): Promise<void>;
  /** Hears each switch (after the new language's strings are in); returns the unsubscribe. */
  onChange(listener: (language: Language) => void): () => void;
  /** Resolves once the current language's strings of the kernel and of the first screen's plugins are loaded. */
  ready(): Promise<void>;
  /** Loads these namespaces (plugin ids) in the current language; the others load when first used. */
  ensure(namespaces: readonly string[]): Promise<void>;
  /** "just now", "5 minutes ago" … then the full date after 12 months. */
  relativeTime(value: number | string | Date, now?: number): string;
  /** Chat: HH:mm today, YYYY-MM-DD HH:mm otherwise (10-digit values are seconds). */
  chatTime(value: number | string | Date, now?: number): string;
  /** Loads the time formats (once); `relativeTime` and `chatTime` work after it resolves. */
  loadTimeFormats(): Promise<void>;
}

/** The chat socket's state (valtio proxy: read with `useSocket()` or useSnapshot). */
export interface SocketStatus {
  /**
   * SOCKET_STATE of spec §4: -2 initial (idle, logged out, or no `wss`), 0 connecting or waiting to
   * reconnect (also while offline, and when `failed`), 1 open, -1 destroyed (the user logged out).
   */
  status: SocketState;
  /** Reconnects since the last open. */
  attempts: number;
  /** Gave up ("chat server disconnected"): RECONNECT_LIMIT reconnects failed, or the hub refused the token; `retry()` tries again. */
  failed: boolean;
  /** `navigator.onLine` ("you are disconnected" when false). */
  online: boolean;
  /** Why the last connection ended: 'error', 'no pong', 'closed <code>', 'unauthorised', 'session ended', 'replaced'. */
  lastError: string | null;
  /**
   * The last message of each public type (`onPublic`) received since the page loaded, by type: a
   * page mounting later shows it at once (spec §4 "stores the flash-sale event": `last.seckill`).
   */
  last: Record<string, SocketMessage | undefined>;
}

export interface SocketOpen {
  /** The first open since the login: load the room list (spec §4); later opens fetch what was missed. */
  first: boolean;
}

/**
 * The chat connection (spec §4): follows the session (login connects, logout destroys), the site's
 * `wss` and the network; pings every 30 s and reconnects with backoff. Idle until the first `on`,
 * `onPublic`, `onOpen` or `retry`.
 */
export interface Socket {
  readonly state: SocketStatus;
  /** Incoming messages of a type (any but pong) on the user's connection, parsed but not validated: check the fields you read. */
  on(type: string, handler: (message: SocketMessage) => void): () => void;
  /**
   * Public messages of a type (what the server broadcasts to everyone, e.g. `seckill`), for
   * visitors too: while a public subscriber exists, a visitor gets an anonymous read-only
   * connection (`?public=1`), dropped a few seconds after the last one leaves or at a login (the
   * user's connection carries them). The last of each type is kept in `state.last`. Parsed, not
   * validated: check the fields you read. Returns the unsubscribe.
   */
  onPublic(type: string, handler: (message: SocketMessage) => void): () => void;
  /** Each time the user's connection opens (not a visitor's anonymous one). */
  onOpen(handler: (open: SocketOpen) => void): () => void;
  /** Sends at once when open; false otherwise (show "send failed, please retry"). Nothing is queued. */
  send(message: SocketMessage): boolean;
  /** After `failed`: starts again (attempts from 0) and connects. */
  retry(): void;
}

export interface Kernel {
  container: DependencyContainer;
  http: Http;
  storage: Storage;
  session: Session;
  site: SiteState;
  i18n: I18next;
  locale: Locale;
  routes: RouteRegistry;
  menu: MenuRegistry;
  extensions: Extensions;
  nav: Navigator;
  /** The chat socket; idle until a plugin subscribes. */
  socket: Socket;
  /** The plugins the site runs: their descriptors, and their browser code loaded on demand. */
  plugins: PluginHost;
  /**
   * The first-screen data the plugin's server wrote into index.html (`firstScreen`), taken once:
   * later calls (and pages without it, e.g. under `vite dev`) get undefined and fetch as usual.
   */
  bootstrapData<K extends keyof FirstScreenData>(plugin: K): FirstScreenData[K] | undefined;
}

/**
 * Site configuration. `SiteConfig` is what the browser receives as `data.site` (spec §3);
 * `SiteFile` is `config/sites/<site>.json`, which also says which plugins are on.
 */
import * as z from 'zod/mini';
import { isColour } from './cdn';
import type { PluginDescriptor } from './descriptor';
import type { FirstScreenLabels } from './first-screen';

export const uploadSchema = z.object({
  mode: z._default(z.enum(['local']), 'local'),
  /** Largest accepted file, e.g. "10mb", "512kb". */
  maxsize: z._default(z.string().check(z.regex(/^\d+(kb|mb)$/i)), '10mb'),
  /** Accepted extensions or mime types, comma separated. */
  mimetype: z._default(z.string(), 'jpg,jpeg,png,gif,webp'),
  savename: z._default(z.string(), '/uploads/{year}{mon}{day}/{filemd5}{.suffix}'),
});

export const siteSchema = z.strictObject({
  siteName: z._default(z.string(), 'Storefront'),
  siteLogo: z._default(z.string(), ''),
  recordNumber: z._default(z.string(), ''),
  version: z._default(z.string(), '1.1.1102'),
  cdnUrl: z._default(z.string(), ''),
  apiUrl: z._default(z.string(), ''),
  appImg: z._default(z.string(), ''),
  wechatImg: z._default(z.string(), ''),
  mpImg: z._default(z.string(), ''),
  regNeedCode: z._default(z.boolean(), false),
  siteTheme: z._default(z.string().check(z.refine(isColour, { error: 'siteTheme must be a hex or rgb colour' })), '#e93323'),
  /** The chat hub's address: empty (no chat), a path on the page's host (`/api/socket`), or `ws(s)://host/path`. */
  wss: z._default(
    z.string().check(z.refine((v) => v === '' || /^(\/|wss?:\/\/)/i.test(v), { error: 'wss must be empty, a path such as /api/socket, or a ws:// or wss:// address' })),
    '',
  ),
  upload: z._default(uploadSchema, { mode: 'local', maxsize: '10mb', mimetype: 'jpg,jpeg,png,gif,webp', savename: '/uploads/{year}{mon}{day}/{filemd5}{.suffix}' }),
  retail: z._default(z.boolean(), true),
  signIn: z._default(z.boolean(), true),
  forceLogin: z._default(z.boolean(), false),
});
export type SiteConfig = z.output<typeof siteSchema>;

export const pluginEntrySchema = z.strictObject({
  enabled: z.boolean(),
  settings: z.optional(z.record(z.string(), z.unknown())),
});
export type PluginEntry = z.output<typeof pluginEntrySchema>;

export const siteFileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  site: z._default(siteSchema, {} as z.input<typeof siteSchema> as SiteConfig),
  /** The app key and secret of the request signature. The secret ships in the browser: it is no security boundary. */
  app: z.strictObject({ key: z.string().check(z.minLength(1)), secret: z.string().check(z.minLength(1)) }),
  /** The desktop front host, when it is not derived from the admin host (spec §1). */
  frontHost: z.optional(z.string()),
  plugins: z.record(z.string(), pluginEntrySchema),
});
export type SiteFile = z.output<typeof siteFileSchema>;

/** What `/api/index/index` answers. */
export interface IndexReply {
  site: SiteConfig;
  /** The enabled plugins' descriptors (`plugins/<id>/plugin.ts`) in load order: the shell's routes and menus. */
  plugins: PluginDescriptor[];
}

/**
 * First-screen data by plugin id (what a server plugin's `firstScreen` gives the page), filled
 * by declaration merging in the plugin's contract:
 *   declare module '@kernel/core/site' { interface FirstScreenData { home: HomeContent } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here, filled by declaration merging
export interface FirstScreenData {}

/**
 * The id of the JSON data block (`<script type="application/json">`) that carries the Bootstrap at
 * the end of the served page: data, not a script, so the browser neither compiles nor runs it
 * before the first paint; the app reads it with JSON.parse when it starts.
 */
export const BOOTSTRAP_ID = 'sf-bootstrap';

/** The Bootstrap a served page carries (null without one): for tools and tests that read the page's HTML. */
export function bootstrapInPage(html: string): Bootstrap | null {
  const block = new RegExp(`<script type="application/json" id="${BOOTSTRAP_ID}">([^<]*)</script>`).exec(html);
  return block ? (JSON.parse(block[1]) as Bootstrap) : null;
}

/** What the server writes into index.html so the browser can sign its first call. */
export interface Bootstrap {
  site: string;
  apiUrl: string;
  appKey: string;
  appSecret: string;
  frontHost: string;
  /** The `/api/index/index` reply as of serving the page: the app renders without waiting for the call. */
  index?: IndexReply;
  /** Enabled plugins' first-screen data by plugin id (see FirstScreenData); each is taken once. */
  data?: Record<string, unknown>;
  /** The labels of the enabled plugins' tab-bar and home menu entries, in every language. */
  labels?: FirstScreenLabels;
  /** Where the build put the plugins' browser parts; without it (no build manifest) the app finds them itself. */
  chunks?: PartChunks;
}

/**
 * The plugins' browser parts as built (from the build manifest), so the entry script carries no
 * table of them: `files` once each (`assets/x-hash.js`), and by source (`../plugins/<id>/index.ts`,
 * `…/pages/<name>.page.tsx`, `…/i18n/<language>.json`) the index of its module, then of the
 * scripts and styles it needs that the entry has not loaded.
 */
export interface PartChunks {
  files: string[];
  parts: Record<string, number[]>;
}

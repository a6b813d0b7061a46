/**
 * Site configuration. `SiteConfig` is what the browser receives as `data.site` (spec §3);
 * `SiteFile` is `config/sites/<site>.json`, which also says which plugins are on.
 */
import * as z from 'zod/mini';
import { isColour } from './cdn';
import type { PluginDescriptor } from './descriptor';

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

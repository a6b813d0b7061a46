/**
 * The Bootstrap: what the server writes into the served page for the app to start with. Kept apart
 * from site.ts (whose schemas need zod/mini) so the entry script can read the page's data block
 * without pulling a schema library onto the home route.
 */
import type { FirstScreenLabels } from './first-screen';
import type { Language } from './language';
import type { IndexReply } from './site';

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
  /** The language `data` was written in (its catalogue text): an app in another language fetches instead. */
  language?: Language;
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

/**
 * "A site that runs only home, goods, auth and member fetches less than the full site" (issue
 * #12): switches every other plugin off in a running copy's site file, in dependency-safe order,
 * waits for the server to announce it, and measures the home route's JS of that site, and of the
 * full site on the same server just before.
 */
import type { Browser } from '@playwright/test';
import type { AppCredentials } from '@kernel/server/pipeline/signature';
import { kernelContract } from '@kernel/core/kernel.contract';
import type { IndexReply } from '@kernel/core/site';
import { readSiteText, setPluginEnabled, writeSiteText } from '../../cli/sites';
import { coldHomeJs, type HomeJs } from './home-js';
import { post } from './http';
import type { SiteStream } from './site-stream';
import { pluginsToSwitchOff } from './site-subset';

export const SMALL_SITE = ['home', 'goods', 'auth', 'member'];
const APPLY_TIMEOUT_MS = 15_000;

export interface SmallSiteFigures {
  keep: string[];
  /** In the order they were written: dependants first. */
  switchedOff: string[];
  /** Enabled plugins as the server announced them after the change. */
  plugins: string[];
  /** Write of the site file → the server's site event. */
  appliedMs: number;
  /** The same server's home before the change (every plugin enabled): what the small site is compared with. */
  full: HomeJs;
  home: HomeJs;
}

export interface SmallSiteTarget {
  root: string;
  base: string;
  distDir: string;
  app: AppCredentials;
  stream: SiteStream;
  browser: Browser;
}

export async function measureSmallSite(target: SmallSiteTarget, keep = SMALL_SITE, site = 'default'): Promise<SmallSiteFigures> {
  const index = await post<IndexReply>(target.base, target.app, kernelContract.index.path, {});
  if (index.code !== 1) throw new Error(`${kernelContract.index.path} answered code ${index.code}: ${index.msg}`);
  const nodes = index.data.plugins.map((p) => ({ id: p.id, version: p.version, requires: p.requires ?? [], core: p.core }));
  const switchedOff = pluginsToSwitchOff(nodes, nodes.map((n) => n.id), keep);
  const full = await coldHomeJs(target.browser, target.base, target.distDir);
  const text = switchedOff.reduce((current, id) => setPluginEnabled(current, id, false), readSiteText(target.root, site));

  const since = performance.now();
  writeSiteText(target.root, site, text);
  const applied = await target.stream.waitFor((plugins) => !plugins.some((id) => switchedOff.includes(id)), since, APPLY_TIMEOUT_MS);
  const home = await coldHomeJs(target.browser, target.base, target.distDir);
  return { keep, switchedOff, plugins: applied.plugins, appliedMs: applied.at - since, full, home };
}

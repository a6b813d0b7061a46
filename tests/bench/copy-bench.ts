/**
 * The figures of issue #12 that change the project, measured in a temporary copy of it
 * (tests/cli/project-copy.ts: sources copied, node_modules linked) so this checkout's site file
 * and plugins stay untouched:
 *   1. with this checkout's build: the home JS of a site of home, goods, auth and member only, then
 *      `storefront --help` and `plugin enable|disable` timings against the running server;
 *   2. with 20 generated plugins, rebuilt and restarted: the home JS of the full site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launch } from './lcp';
import { siteCredentials } from './api';
import { benchCli, type CliFigures } from './cli-timing';
import { copyProject } from '../cli/project-copy';
import { writeSiteText } from '../../cli/sites';
import { benchPluginCount, type PluginCountFigures } from './plugin-count';
import type { Child } from './processes';
import { openSiteStream } from './site-stream';
import { measureSmallSite, type SmallSiteFigures } from './small-site';
import { startStorefront } from './storefront-server';

export interface CopyBenchSettings {
  generatedPlugins: number;
  /** Timed runs of each CLI command (the report takes the median). */
  cliRounds: number;
  /** The plugin `plugin enable|disable` switches. */
  togglePlugin: string;
  startTimeoutMs: number;
}

export interface CopyBenchFigures {
  settings: CopyBenchSettings;
  /** This checkout's site as the copy's server announced it: enabled plugins, requirements first. */
  fullSite: string[];
  smallSite: SmallSiteFigures;
  cli: CliFigures;
  pluginCount: PluginCountFigures;
  /** Copy, start and seed included. */
  seconds: number;
}

export interface CopyBenchHooks {
  /** This checkout's build, copied so the first server needs no build of its own. */
  distDir: string;
  track: (child: Child) => void;
  /** Runs when the bench cleans up, also after an interruption. */
  defer: (dispose: () => unknown) => void;
  step: (message: string) => void;
}

const SITE = 'default';
const APPLY_TIMEOUT_MS = 15_000;

export async function benchInCopy(settings: CopyBenchSettings, hooks: CopyBenchHooks): Promise<CopyBenchFigures> {
  const started = Date.now();
  const copy = copyProject();
  hooks.defer(() => copy.remove());
  fs.cpSync(hooks.distDir, path.join(copy.root, 'dist'), { recursive: true });
  const dataDir = path.join(copy.root, 'bench-data');
  const browser = await launch();
  hooks.defer(() => browser.close().catch(() => undefined));
  const original = copy.read(path.join('config', 'sites', `${SITE}.json`));

  hooks.step(`copy of the project in ${copy.root}; starting it on a fresh data directory…`);
  const server = await startStorefront(copy.root, dataDir, { timeoutMs: settings.startTimeoutMs, track: hooks.track, name: 'storefront (copy)' });
  const stream = await openSiteStream(server.base);
  hooks.defer(() => stream.close());
  const fullSite = stream.events[0].plugins;
  let smallSite: SmallSiteFigures;
  let cli: CliFigures;
  try {
    hooks.step('a site of home, goods, auth and member only: its home JS…');
    const distDir = path.join(copy.root, 'dist');
    smallSite = await measureSmallSite({ root: copy.root, base: server.base, distDir, app: siteCredentials(copy.root), stream, browser });
    const since = performance.now();
    writeSiteText(copy.root, SITE, original);
    await stream.waitFor((plugins) => fullSite.every((id) => plugins.includes(id)), since, APPLY_TIMEOUT_MS);

    hooks.step(`CLI: \`storefront --help\` and \`plugin enable|disable ${settings.togglePlugin}\` until the server applies it, ${settings.cliRounds} times each…`);
    cli = await benchCli(copy.root, stream, settings.togglePlugin, settings.cliRounds);
  } finally {
    stream.close();
    await server.child.stop();
  }

  writeSiteText(copy.root, SITE, original);
  hooks.step(`${settings.generatedPlugins} more plugins: \`storefront plugin new\` each, \`npm run build\`, start, a cold load of /#/…`);
  const pluginCount = await benchPluginCount({ copy, dataDir, browser, track: hooks.track, startTimeoutMs: settings.startTimeoutMs }, settings.generatedPlugins);
  await browser.close();
  return { settings, fullSite, smallSite, cli, pluginCount, seconds: (Date.now() - started) / 1000 };
}

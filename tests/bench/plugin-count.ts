/**
 * What more plugins cost the home route (issue #12): `storefront plugin new` in a temporary copy
 * of the project, each one enabled, then `npm run build` and `storefront start` there, and a cold
 * load of `/#/`. The caller compares the home JS with this checkout's; each step is timed, since
 * generating and building is the slow part of the bench.
 */
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { runCommand } from '../cli/run';
import type { ProjectCopy } from '../cli/project-copy';
import { generatedPlugins, pluginNewArgs, type GeneratedPlugin } from './generated-plugins';
import { coldHomeJs, type HomeJs } from './home-js';
import type { Child } from './processes';
import { openSiteStream } from './site-stream';
import { startStorefront } from './storefront-server';

export interface PluginCountFigures {
  generated: GeneratedPlugin[];
  /** Wall time of each `storefront plugin new`. */
  newPluginMs: number[];
  buildSeconds: number;
  startSeconds: number;
  /** Enabled in the site once the server ran (requirements first). */
  enabled: string[];
  home: HomeJs;
}

export interface PluginCountTarget {
  copy: ProjectCopy;
  dataDir: string;
  browser: Browser;
  track: (child: Child) => void;
  startTimeoutMs: number;
}

export async function benchPluginCount(target: PluginCountTarget, count: number): Promise<PluginCountFigures> {
  const { copy } = target;
  const generated = generatedPlugins(count);
  const newPluginMs: number[] = [];
  for (const plugin of generated) {
    const started = performance.now();
    await succeed(copy.storefront(...pluginNewArgs(plugin)), `storefront ${pluginNewArgs(plugin).join(' ')}`);
    newPluginMs.push(performance.now() - started);
  }

  const building = performance.now();
  await succeed(copy.run('npm', ['run', 'build'], { timeoutMs: 300_000 }), 'npm run build');
  const buildSeconds = (performance.now() - building) / 1000;

  const server = await startStorefront(copy.root, target.dataDir, { timeoutMs: target.startTimeoutMs, track: target.track, name: 'storefront (copy)' });
  try {
    const enabled = await enabledPlugins(server.base);
    const home = await coldHomeJs(target.browser, server.base, path.join(copy.root, 'dist'));
    return { generated, newPluginMs, buildSeconds, startSeconds: server.startSeconds, enabled, home };
  } finally {
    await server.child.stop();
  }
}

async function succeed(running: ReturnType<typeof runCommand>, what: string): Promise<void> {
  const result = await running;
  if (result.code !== 0) throw new Error(`\`${what}\` in the project copy exited ${result.code}:\n${result.stderr || result.stdout}`);
}

/** The hello of the site event stream: the enabled plugins, without signing a call. */
async function enabledPlugins(base: string): Promise<string[]> {
  const stream = await openSiteStream(base);
  stream.close();
  return stream.events[0].plugins;
}

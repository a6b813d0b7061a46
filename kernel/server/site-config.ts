/**
 * `config/sites/<site>.json`, validated and watched: an edit on a running server swaps the
 * config live (DESIGN §3, per-site toggles without restart). An invalid edit keeps the last
 * good config and logs every problem; at boot the same problems stop the server.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { en } from 'zod/locales';
import type { Problem } from '../core/plugin-graph';
import { siteFileSchema, type SiteFile } from '../core/site';
import { BootError } from './boot-error';
import type { PluginRegistry } from './registry';

export interface LoadedSite {
  name: string;
  file: SiteFile;
  /** Enabled plugins, requirements first. */
  enabled: readonly string[];
  /** Every installed plugin's settings, parsed with its schema, defaults applied. */
  settings: ReadonlyMap<string, Record<string, unknown>>;
}

export interface SiteConfigLog {
  info(message: string): void;
  error(message: string): void;
}

export interface LiveSiteConfig {
  readonly name: string;
  readonly path: string;
  current(): LoadedSite;
  isEnabled(id: string): boolean;
  settings(id: string): Record<string, unknown>;
  /** Counts successful swaps; tests wait for it to move. */
  readonly version: number;
  /** Problems of the last edit that was refused (empty when the file on disk is in use). */
  readonly problems: readonly Problem[];
  onChange(listener: (site: LoadedSite) => void): () => void;
  /** Re-reads the file now; throws a BootError and keeps the current config when it is invalid. */
  reload(): LoadedSite;
  close(): void;
}

/** Parses one site file's text against the installed plugins; every problem at once. */
/**
 * `demo`: the demo shop (`storefront start --demo`), where each plugin's `demoSettings` apply
 * unless the file sets them itself.
 */
export function parseSiteFile(text: string, name: string, registry: PluginRegistry, { demo = false }: { demo?: boolean } = {}): { site?: LoadedSite; problems: Problem[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [kernelProblem(`site \`${name}\`: the file is not valid JSON (${(error as Error).message})`)] };
  }
  const parsed = z.safeParse(siteFileSchema, json, { error: en().localeError });
  if (!parsed.success) {
    const schemaProblems = parsed.error.issues.map((issue) => ({
      code: 'invalid-config' as const,
      plugin: issue.path[0] === 'plugins' && typeof issue.path[1] === 'string' ? issue.path[1] : 'kernel',
      message: `site \`${name}\`: ${issue.path.join('.') || '(file)'}: ${issue.message}`,
    }));
    // The plugin graph is still checked against whatever toggles can be read: every problem at once.
    const graph = registry.check({ name, plugins: looseToggles(json) }).problems;
    const seen = new Set(schemaProblems.map((p) => p.message));
    return { problems: [...schemaProblems, ...graph.filter((p) => !seen.has(p.message))] };
  }
  const file = parsed.data;
  const report = registry.check({ name, plugins: file.plugins });
  const problems = [...report.problems];
  const settings = new Map<string, Record<string, unknown>>();
  for (const plugin of registry.plugins) {
    if (!plugin.settings) {
      settings.set(plugin.id, {});
      continue;
    }
    const given = { ...(demo ? plugin.demoSettings : {}), ...file.plugins[plugin.id]?.settings };
    const result = z.safeParse(plugin.settings, given, { error: en().localeError });
    if (result.success) settings.set(plugin.id, result.data as Record<string, unknown>);
    else {
      for (const issue of result.error.issues) {
        problems.push({
          code: 'invalid-config',
          plugin: plugin.id,
          message: `site \`${name}\` sets \`${[plugin.id, ...issue.path].join('.')}\`: ${issue.message}`,
        });
      }
    }
  }
  if (problems.length > 0) return { problems };
  return { site: { name, file, enabled: report.enabled, settings }, problems: [] };
}

/** `plugins.<id>.enabled` (and settings) of a file that failed the schema, as far as it reads. */
function looseToggles(json: unknown): Record<string, { enabled: boolean; settings?: Record<string, unknown> }> {
  const plugins = (json as { plugins?: unknown } | null)?.plugins;
  if (typeof plugins !== 'object' || plugins === null) return {};
  const toggles: Record<string, { enabled: boolean; settings?: Record<string, unknown> }> = {};
  for (const [id, entry] of Object.entries(plugins as Record<string, { enabled?: unknown; settings?: unknown } | null>)) {
    if (typeof entry?.enabled !== 'boolean') continue;
    const settings = typeof entry.settings === 'object' && entry.settings !== null ? (entry.settings as Record<string, unknown>) : undefined;
    toggles[id] = { enabled: entry.enabled, settings };
  }
  return toggles;
}

function kernelProblem(message: string): Problem {
  return { code: 'invalid-config', plugin: 'kernel', message };
}

export interface SiteConfigOptions {
  name: string;
  path: string;
  registry: PluginRegistry;
  log: SiteConfigLog;
  /** Poll interval of the file watch; polling survives editors that replace the file. */
  intervalMs?: number;
  /**
   * Several nodes (kernel/server/site-store.ts): the config starts from the database's text, and
   * a valid edit of the local file is handed to `publish` instead of applied here; the store
   * applies it on every node (`apply`) once it is in the database.
   */
  shared?: { text: string; publish(text: string): void };
  /** The demo shop: plugins' `demoSettings` apply where the file is silent. */
  demo?: boolean;
}

/** Loads and starts watching; throws a BootError with every problem when the file is invalid. */
export function watchSiteConfig(options: SiteConfigOptions): LiveSiteConfig & { apply(text: string): LoadedSite } {
  const { name, path: file, registry, log } = options;
  const readText = (): string => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw new BootError(`site \`${name}\` cannot be read`, [kernelProblem(`site \`${name}\`: ${(error as Error).message}`)]);
    }
  };
  const parse = (text: string, headline: string): LoadedSite => {
    const { site, problems } = parseSiteFile(text, name, registry, { demo: options.demo });
    if (!site) throw new BootError(headline, problems);
    return site;
  };

  let currentText = options.shared?.text ?? readText();
  let current = parse(currentText, options.shared ? `site \`${name}\` in the database cannot start` : `site \`${name}\` cannot start (${file})`);
  let version = 0;
  let problems: readonly Problem[] = [];
  const listeners = new Set<(site: LoadedSite) => void>();

  /** Parses, remembering the problems of a refused text. */
  const check = (text: string, headline: string): LoadedSite => {
    try {
      return parse(text, headline);
    } catch (error) {
      problems = error instanceof BootError ? error.problems : [kernelProblem(String(error))];
      throw error;
    }
  };
  const swap = (text: string, headline: string): LoadedSite => {
    current = check(text, headline);
    currentText = text;
    problems = [];
    version += 1;
    for (const listener of listeners) listener(current);
    return current;
  };
  const reload = (): LoadedSite => swap(readText(), `the edit of site \`${name}\` is refused (${file})`);
  const apply = (text: string): LoadedSite => swap(text, `the change of site \`${name}\` in the database is refused`);

  /** A file edit: applied here, or (several nodes) checked and handed to the database. */
  const fileEdited = (): LoadedSite | null => {
    if (!options.shared) return reload();
    const text = readText();
    // The store mirroring the database's text into the file: nothing new.
    if (text === currentText) return null;
    check(text, `the edit of site \`${name}\` is refused (${file})`);
    problems = [];
    options.shared.publish(text);
    return null;
  };

  let seen = fs.statSync(file, { throwIfNoEntry: false });
  const onFileChange = (now: fs.Stats | undefined) => {
    const before = seen;
    // Missing for a moment (an editor replacing it): the next event or poll sees the new one.
    if (!now || now.mtimeMs === 0) return;
    seen = now;
    if (before && now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
    try {
      const site = fileEdited();
      if (site) log.info(`site \`${name}\` reloaded: enabled plugins ${site.enabled.map((id) => `\`${id}\``).join(', ') || '(none)'}`);
    } catch (error) {
      log.error(`${(error as Error).message}\n  (the last good config of site \`${name}\` stays in use)`);
    }
  };
  const poll = (now: fs.Stats) => onFileChange(now);
  // Polling always works (network folders, editors that replace files); the folder's change
  // events, where the platform has them, apply an edit within milliseconds instead of a poll.
  fs.watchFile(file, { interval: options.intervalMs ?? 250, persistent: false }, poll);
  // A burst of events (a write in several parts) is read once, 30 ms after the last.
  let settle: NodeJS.Timeout | undefined;
  let events: fs.FSWatcher | undefined;
  try {
    events = fs.watch(path.dirname(file), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed !== path.basename(file)) return;
      clearTimeout(settle);
      settle = setTimeout(() => onFileChange(fs.statSync(file, { throwIfNoEntry: false })), 30);
      settle.unref();
    });
    events.on('error', () => events?.close());
  } catch {
    events = undefined;
  }

  return {
    name,
    path: file,
    current: () => current,
    isEnabled: (id) => current.enabled.includes(id),
    settings: (id) => current.settings.get(id) ?? {},
    get version() {
      return version;
    },
    get problems() {
      return problems;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload,
    apply,
    close: () => {
      fs.unwatchFile(file, poll);
      clearTimeout(settle);
      events?.close();
    },
  };
}

/**
 * Self-registration (DESIGN §3): every `plugins/<id>/server.ts` under the project root is a
 * server plugin. A plugin without a server side (`plugin new --no-server`) is known by its
 * client manifest's id, version and requires, so sites can toggle it like any other.
 * Loading reports every broken manifest at once, naming the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallDef } from '../core/contract';
import type { Problem } from '../core/plugin-graph';
import { BootError } from './boot-error';
import type { Api, Handler, ServerPlugin } from './plugin';

export interface DiscoverOptions {
  /**
   * Load only these plugins and, transitively, what they require (tests use this so one
   * plugin's tests do not depend on another's work in progress). Default: every folder.
   */
  only?: readonly string[];
}

export interface Discovery {
  /** The plugins that loaded, in folder order. */
  plugins: ServerPlugin[];
  /** Folders whose manifest could not be loaded, each naming its file. */
  problems: Problem[];
}

/** Loads what it can and reports the rest, so boot can list these problems with the site's. */
export async function loadPlugins(root: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const pluginsDir = path.join(root, 'plugins');
  const folders = fs.existsSync(pluginsDir)
    ? fs
        .readdirSync(pluginsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && manifestOf(path.join(pluginsDir, entry.name)) !== null)
        .map((entry) => entry.name)
        .sort()
    : [];
  const problems: Problem[] = [];
  const loaded = new Map<string, ServerPlugin>();

  const load = async (folder: string) => {
    const file = manifestOf(path.join(pluginsDir, folder)) as string;
    const manifest = path.basename(file);
    try {
      const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default?: unknown };
      const plugin = manifest === 'server.ts' ? module.default : clientOnly(module.default);
      const shapeProblem = checkShape(plugin, folder, manifest);
      if (shapeProblem) problems.push({ code: 'invalid-config', plugin: folder, message: shapeProblem });
      else loaded.set(folder, plugin as ServerPlugin);
    } catch (error) {
      problems.push({
        code: 'invalid-config',
        plugin: folder,
        message: `plugin \`${folder}\` cannot be loaded from plugins/${folder}/${manifest}: ${(error as Error).message}`,
      });
    }
  };

  if (options.only) {
    const queue = [...options.only];
    const visited = new Set<string>();
    while (queue.length > 0) {
      const id = queue.shift() as string;
      if (visited.has(id)) continue;
      visited.add(id);
      // A required plugin without a folder is reported by the graph check as "not installed".
      if (!folders.includes(id)) continue;
      await load(id);
      queue.push(...(loaded.get(id)?.requires ?? []));
    }
  } else {
    for (const folder of folders) await load(folder);
  }

  // Discovery order is folder order; dependency order is the graph check's job.
  return { plugins: folders.filter((f) => loaded.has(f)).map((f) => loaded.get(f) as ServerPlugin), problems };
}

/** Every installed plugin; throws a BootError naming each manifest that cannot be loaded. */
export async function discoverPlugins(root: string, options: DiscoverOptions = {}): Promise<ServerPlugin[]> {
  const { plugins, problems } = await loadPlugins(root, options);
  if (problems.length > 0) throw new BootError('plugins cannot be loaded', problems);
  return plugins;
}

/** `server.ts`, else the client manifest `index.ts` of a plugin without a server side; null when neither exists. */
function manifestOf(folder: string): string | null {
  for (const name of ['server.ts', 'index.ts']) {
    const file = path.join(folder, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

/** A client-only plugin as the server sees it: an id to toggle, a version and its requirements. */
function clientOnly(manifest: unknown): unknown {
  if (typeof manifest !== 'object' || manifest === null) return manifest;
  const { id, version, requires, core } = manifest as Partial<ServerPlugin>;
  return { id, version, requires, core };
}

function checkShape(value: unknown, folder: string, manifest: string): string | null {
  const where = `plugins/${folder}/${manifest}`;
  if (typeof value !== 'object' || value === null) {
    return `${where} must \`export default ${manifest === 'server.ts' ? 'defineServerPlugin' : 'definePlugin'}({...})\``;
  }
  const plugin = value as Partial<ServerPlugin>;
  if (typeof plugin.id !== 'string' || typeof plugin.version !== 'string') {
    return `${where} must declare a string \`id\` and \`version\``;
  }
  if (plugin.id !== folder) {
    return `${where} declares id \`${plugin.id}\`; a plugin's id must be its folder name \`${folder}\``;
  }
  if (plugin.requires !== undefined && !Array.isArray(plugin.requires)) return `plugin \`${folder}\`: \`requires\` must be a list of plugin ids`;
  if (plugin.routes !== undefined && typeof plugin.routes !== 'function') return `plugin \`${folder}\`: \`routes\` must be a function`;
  if (plugin.seed !== undefined && typeof plugin.seed !== 'function') return `plugin \`${folder}\`: \`seed\` must be a function`;
  if (plugin.commands !== undefined && !Array.isArray(plugin.commands)) return `plugin \`${folder}\`: \`commands\` must be a list`;
  if (plugin.invariants !== undefined && !Array.isArray(plugin.invariants)) return `plugin \`${folder}\`: \`invariants\` must be a list`;
  return null;
}

export interface RecordedCall {
  plugin: string;
  call: CallDef;
  handler: Handler<CallDef, Record<string, unknown>>;
}

/** Runs a plugin's `routes()` against a recording Api: its call paths (for the graph check) and handlers. */
export function recordCalls(plugin: ServerPlugin): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const api: Api<Record<string, unknown>> = {
    handle(call, handler) {
      calls.push({ plugin: plugin.id, call, handler: handler as RecordedCall['handler'] });
    },
  };
  (plugin.routes as ((api: Api<Record<string, unknown>>) => void) | undefined)?.(api);
  return calls;
}

/**
 * Self-registration (DESIGN §3): every `plugins/<id>/plugin.ts` under the project root is a
 * plugin, described by that descriptor; its `server.ts`, when there is one, adds its calls,
 * migrations and the rest. A plugin without a server side (`plugin new --no-server`) is known by
 * its descriptor alone, so sites can toggle it like any other. Browser code (`index.ts`, pages) is
 * never imported here. Loading reports every broken file at once, naming it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallDef } from '../core/contract';
import { descriptorProblems, type PluginDescriptor } from '../core/descriptor';
import type { Problem } from '../core/plugin-graph';
import { BootError } from './boot-error';
import { descriptorOnly, type Api, type Handler, type HandleOptions, type ServerPlugin } from './plugin';

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

export interface DescriptorDiscovery {
  /** The descriptors that loaded, in folder order. */
  descriptors: PluginDescriptor[];
  /** Folders whose descriptor is missing or broken, each naming its file. */
  problems: Problem[];
}

/**
 * Every plugin's descriptor and nothing else (what the CLI needs for help and toggles): loads no
 * server code. `only` narrows it as for `loadPlugins`.
 */
export async function loadDescriptors(root: string, options: DiscoverOptions = {}): Promise<DescriptorDiscovery> {
  const pluginsDir = path.join(root, 'plugins');
  const folders = fs.existsSync(pluginsDir)
    ? fs
        .readdirSync(pluginsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && manifestOf(path.join(pluginsDir, entry.name)) !== null)
        .map((entry) => entry.name)
        .sort()
    : [];
  const problems: Problem[] = [];
  const loaded = new Map<string, PluginDescriptor>();

  const load = async (folder: string) => {
    const problem = (message: string) => problems.push({ code: 'invalid-config', plugin: folder, message });
    const file = path.join(pluginsDir, folder, 'plugin.ts');
    if (!fs.existsSync(file)) {
      return void problem(`plugins/${folder} has no plugin.ts: every plugin starts from its descriptor (\`export default describePlugin({ id: '${folder}', … })\`)`);
    }
    try {
      const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default?: unknown };
      const wrong = descriptorProblems(module.default, folder);
      if (wrong.length > 0) return void wrong.forEach(problem);
      loaded.set(folder, module.default as PluginDescriptor);
    } catch (error) {
      problem(`plugin \`${folder}\` cannot be loaded from plugins/${folder}/plugin.ts: ${(error as Error).message}`);
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
    await Promise.all(folders.map(load));
  }
  return { descriptors: folders.filter((f) => loaded.has(f)).map((f) => loaded.get(f) as PluginDescriptor), problems };
}

/** Loads what it can and reports the rest, so boot can list these problems with the site's. */
export async function loadPlugins(root: string, options: DiscoverOptions = {}): Promise<Discovery> {
  const { descriptors, problems } = await loadDescriptors(root, options);
  const load = async (descriptor: PluginDescriptor): Promise<ServerPlugin | null> => {
    const folder = descriptor.id;
    const serverFile = path.join(root, 'plugins', folder, 'server.ts');
    if (!fs.existsSync(serverFile)) return descriptorOnly(descriptor);
    try {
      const module = (await import(/* @vite-ignore */ pathToFileURL(serverFile).href)) as { default?: unknown };
      const shapeProblem = checkShape(module.default, folder, descriptor);
      if (!shapeProblem) return module.default as ServerPlugin;
      problems.push({ code: 'invalid-config', plugin: folder, message: shapeProblem });
    } catch (error) {
      problems.push({ code: 'invalid-config', plugin: folder, message: `plugin \`${folder}\` cannot be loaded from plugins/${folder}/server.ts: ${(error as Error).message}` });
    }
    return null;
  };
  // One after another: server sides import the kernel's modules, and the order of problems stays the folders'.
  const plugins: ServerPlugin[] = [];
  for (const descriptor of descriptors) {
    const plugin = await load(descriptor);
    if (plugin) plugins.push(plugin);
  }
  // Discovery order is folder order; dependency order is the graph check's job.
  return { plugins, problems };
}

/** Every installed plugin; throws a BootError naming each manifest that cannot be loaded. */
export async function discoverPlugins(root: string, options: DiscoverOptions = {}): Promise<ServerPlugin[]> {
  const { plugins, problems } = await loadPlugins(root, options);
  if (problems.length > 0) throw new BootError('plugins cannot be loaded', problems);
  return plugins;
}

/** A folder is a plugin when it has a descriptor; one with only browser or server code is reported. */
function manifestOf(folder: string): string | null {
  for (const name of ['plugin.ts', 'server.ts', 'index.ts']) {
    const file = path.join(folder, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

function checkShape(value: unknown, folder: string, descriptor: PluginDescriptor): string | null {
  const where = `plugins/${folder}/server.ts`;
  if (typeof value !== 'object' || value === null) return `${where} must \`export default defineServerPlugin(descriptor, {...})\``;
  const plugin = value as Partial<ServerPlugin>;
  if (plugin.descriptor !== descriptor) return `${where} must build on its descriptor: \`import descriptor from './plugin'\` and \`defineServerPlugin(descriptor, {...})\``;
  if (plugin.routes !== undefined && typeof plugin.routes !== 'function') return `plugin \`${folder}\`: \`routes\` must be a function`;
  if (plugin.seed !== undefined && typeof plugin.seed !== 'function') return `plugin \`${folder}\`: \`seed\` must be a function`;
  if (plugin.commands !== undefined && !Array.isArray(plugin.commands)) return `plugin \`${folder}\`: \`commands\` must be a list`;
  const hasCommands = (plugin.commands?.length ?? 0) > 0;
  if (hasCommands !== (descriptor.commands === true)) {
    return hasCommands
      ? `${where} adds operator commands: declare \`commands: true\` in plugins/${folder}/plugin.ts so \`storefront --help\` lists them`
      : `plugins/${folder}/plugin.ts declares \`commands: true\`, but ${where} adds no operator commands`;
  }
  if (plugin.invariants !== undefined && !Array.isArray(plugin.invariants)) return `plugin \`${folder}\`: \`invariants\` must be a list`;
  return null;
}

export interface RecordedCall {
  plugin: string;
  call: CallDef;
  handler: Handler<CallDef, Record<string, unknown>>;
  options?: HandleOptions;
}

/** Runs a plugin's `routes()` against a recording Api: its call paths (for the graph check) and handlers. */
export function recordCalls(plugin: ServerPlugin): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const api: Api<Record<string, unknown>> = {
    handle(call, handler, options) {
      calls.push({ plugin: plugin.id, call, handler: handler as RecordedCall['handler'], options: options as HandleOptions | undefined });
    },
  };
  (plugin.routes as ((api: Api<Record<string, unknown>>) => void) | undefined)?.(api);
  return calls;
}

/**
 * The installed plugins as the server knows them: manifests in dependency order, their calls
 * (recorded once from `routes()`) and the graph check against a site's toggles. The kernel
 * takes part in the check as a core node so a plugin cannot claim a kernel path.
 */
import { descriptorNode } from '../core/descriptor';
import { kernelContract } from '../core/kernel.contract';
import { checkPlugins, type GraphReport, type PluginNode, type Problem, type SiteToggles } from '../core/plugin-graph';
import { recordCalls, type RecordedCall } from './discover';
import { collectSocketRoutes, type SocketRoute } from './hub/handlers';
import type { ServerPlugin } from './plugin';
import { KERNEL_VERSION } from './version';

export interface PluginRegistry {
  /** Every installed plugin, requirements first. */
  plugins: readonly ServerPlugin[];
  get(id: string): ServerPlugin | undefined;
  /** Calls of every installed plugin in the same order (disabled plugins' too: toggles are live). */
  calls: readonly RecordedCall[];
  /** Incoming WebSocket message types by the plugin that handles them (disabled plugins' too). */
  socketRoutes: ReadonlyMap<string, SocketRoute>;
  /** Problems whatever a site says: manifests that did not load, cycles, path collisions, duplicate ids. */
  problems: readonly Problem[];
  /** The graph check against one site's toggles (including `problems`). */
  check(site: SiteToggles): GraphReport;
}

const KERNEL_ID = 'kernel';
const kernelNode: PluginNode = {
  id: KERNEL_ID,
  version: KERNEL_VERSION,
  requires: [],
  core: true,
  paths: Object.values(kernelContract).map((c) => c.path),
};

/**
 * `loadProblems` are manifests that failed to load; they are reported with the rest so boot
 * lists everything at once. The site config refuses to load while `problems` is not empty.
 */
export function createRegistry(discovered: readonly ServerPlugin[], loadProblems: readonly Problem[] = []): PluginRegistry {
  const routeProblems: Problem[] = [];
  const calls = new Map(
    discovered.map((p) => {
      try {
        return [p, recordCalls(p)];
      } catch (error) {
        routeProblems.push({ code: 'invalid-config', plugin: p.id, message: `plugin \`${p.id}\`: routes() failed: ${(error as Error).message}` });
        return [p, []];
      }
    }),
  );
  const nodes: PluginNode[] = [
    kernelNode,
    // Call paths and the browser's route paths: both are claimed by one plugin each. The events
    // it subscribes to are checked against `requires`, like the points it fills, and what it
    // contributes against its `fills`.
    ...discovered.map((p) => ({
      ...descriptorNode({ ...p.descriptor, id: p.id, version: p.version, requires: p.requires, core: p.core, settings: p.settings }, (calls.get(p) ?? []).map((c) => c.call.path)),
      contributes: (p.contributes ?? []).map((c) => c.point),
      subscribes: (p.subscribers ?? []).map((s) => s.event.id),
    })),
  ];
  // Every installed plugin's routes are registered (so enabling one needs no restart), hence
  // collisions and cycles are checked as if all were on.
  const whole = checkPlugins(nodes);
  const byId = new Map(discovered.map((p) => [p.id, p]));
  const plugins = whole.order.filter((id) => id !== KERNEL_ID).map((id) => byId.get(id) as ServerPlugin);
  // Socket message types are claimed like paths: one plugin each, checked as if all were on.
  const socket = collectSocketRoutes(plugins);
  const structural = [...loadProblems, ...routeProblems, ...whole.problems.filter((p) => p.code !== 'missing-dependency'), ...socket.problems];

  return {
    plugins,
    get: (id) => byId.get(id),
    calls: plugins.flatMap((p) => calls.get(p) ?? []),
    socketRoutes: socket.routes,
    problems: structural,
    check(site) {
      const report = checkPlugins(nodes, site);
      return {
        problems: dedupe([...structural, ...report.problems]),
        order: report.order.filter((id) => id !== KERNEL_ID),
        enabled: report.enabled.filter((id) => id !== KERNEL_ID),
      };
    },
  };
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.message) && !!seen.add(p.message));
}

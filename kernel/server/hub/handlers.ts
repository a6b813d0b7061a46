/**
 * Which plugin handles which incoming message type (the `socket` field of server manifests).
 * Every installed plugin's handlers are known, disabled ones too, so a site toggle applies
 * without a restart; hence a type two plugins claim is a problem whatever the site enables,
 * reported with the path collisions of the plugin graph.
 */
import type { Problem } from '../../core/plugin-graph';
import type { ServerPlugin, SocketHandler } from '../plugin';

/** Types the hub answers itself. */
export const KERNEL_MESSAGE_TYPES: readonly string[] = ['ping', 'pong', 'error'];

export interface SocketRoute {
  plugin: string;
  handler: SocketHandler;
}

export interface SocketRoutes {
  /** Type → its first claimant, in load order. */
  routes: ReadonlyMap<string, SocketRoute>;
  problems: Problem[];
}

export function collectSocketRoutes(plugins: readonly ServerPlugin[]): SocketRoutes {
  const routes = new Map<string, SocketRoute>();
  const problems: Problem[] = [];
  for (const plugin of plugins) {
    const declared: unknown = plugin.socket;
    if (declared === undefined) continue;
    if (typeof declared !== 'object' || declared === null || Array.isArray(declared)) {
      problems.push({ code: 'invalid-config', plugin: plugin.id, message: `plugin \`${plugin.id}\`: \`socket\` must map message types to handler functions` });
      continue;
    }
    for (const [type, handler] of Object.entries(declared as Record<string, unknown>)) {
      if (typeof handler !== 'function') {
        problems.push({ code: 'invalid-config', plugin: plugin.id, message: `plugin \`${plugin.id}\`: socket message type "${type}" must be handled by a function` });
      } else if (KERNEL_MESSAGE_TYPES.includes(type)) {
        problems.push({ code: 'path-collision', plugin: plugin.id, message: `plugin \`${plugin.id}\` handles socket message type "${type}", which the kernel's hub answers itself` });
      } else if (routes.has(type)) {
        const first = routes.get(type)?.plugin;
        problems.push({ code: 'path-collision', plugin: plugin.id, message: `plugin \`${plugin.id}\` handles socket message type "${type}", which plugin \`${first}\` already handles` });
      } else {
        routes.set(type, { plugin: plugin.id, handler: handler as SocketHandler });
      }
    }
  }
  return { routes, problems };
}

/**
 * The plugin dependency check of DESIGN §3, shared by server boot, `storefront doctor`, the
 * browser and tests. It reports every problem at once and orders plugins by dependency.
 */

/** What the check needs to know of a plugin, from either manifest. */
export interface PluginNode {
  id: string;
  version: string;
  requires: readonly string[];
  /** Route paths (browser) or call paths (server) this plugin claims. */
  paths?: readonly string[];
  /** Setting keys the plugin understands; others in the site file are unknown. */
  settingKeys?: readonly string[];
  /** A core plugin cannot be disabled (the shell needs it). */
  core?: boolean;
  /** Extension points this plugin offers. */
  offers?: readonly string[];
  /** Extension points of other plugins it fills: each one's offerer must be in `requires`. */
  fills?: readonly string[];
  /** Points its code contributes to (server: its manifest's `contributes`): each must be under `offers` or `fills`. */
  contributes?: readonly string[];
  /** Ids of the events it subscribes to (`order.paid`): the plugin named before the dot must be in `requires`. */
  subscribes?: readonly string[];
}

export type ProblemCode =
  | 'duplicate-id'
  | 'missing-dependency'
  | 'disabled-dependency'
  | 'cycle'
  | 'path-collision'
  | 'unknown-plugin'
  | 'unknown-setting'
  | 'core-disabled'
  | 'unknown-extension-point'
  | 'undeclared-extension'
  | 'undeclared-event'
  | 'invalid-config';

export interface Problem {
  code: ProblemCode;
  plugin: string;
  message: string;
}

export interface SiteToggles {
  name: string;
  plugins: Record<string, { enabled: boolean; settings?: Record<string, unknown> }>;
}

export interface GraphReport {
  problems: Problem[];
  /** Every installed plugin in dependency order (requirements first). */
  order: string[];
  /** Enabled plugins in dependency order. */
  enabled: string[];
}

const q = (id: string) => `\`${id}\``;

export function checkPlugins(plugins: readonly PluginNode[], site?: SiteToggles): GraphReport {
  const problems: Problem[] = [];
  const byId = new Map<string, PluginNode>();
  for (const plugin of plugins) {
    if (byId.has(plugin.id)) {
      problems.push({ code: 'duplicate-id', plugin: plugin.id, message: `plugin ${q(plugin.id)} is declared twice` });
      continue;
    }
    byId.set(plugin.id, plugin);
  }

  const isEnabled = (id: string) => (site ? site.plugins[id]?.enabled === true || !!byId.get(id)?.core : true);

  for (const plugin of byId.values()) {
    for (const dep of plugin.requires) {
      if (!byId.has(dep)) {
        problems.push({
          code: 'missing-dependency',
          plugin: plugin.id,
          message: `plugin ${q(plugin.id)} requires ${q(dep)}, which is not installed`,
        });
      } else if (site && isEnabled(plugin.id) && !isEnabled(dep)) {
        problems.push({
          code: 'disabled-dependency',
          plugin: plugin.id,
          message: `plugin ${q(plugin.id)} requires ${q(dep)}, which is disabled in site ${q(site.name)}`,
        });
      }
    }
  }

  problems.push(...extensionProblems([...byId.values()]));
  problems.push(...eventProblems([...byId.values()]));
  const order = orderByDependency([...byId.values()], problems);
  problems.push(...pathCollisions([...byId.values()].filter((p) => isEnabled(p.id))));
  if (site) problems.push(...configProblems(byId, site));

  return { problems, order, enabled: order.filter(isEnabled) };
}

/** Kahn's algorithm, stable in discovery order; what is left over sits on a cycle. */
function orderByDependency(nodes: PluginNode[], problems: Problem[]): string[] {
  const known = new Set(nodes.map((n) => n.id));
  const pending = new Map(nodes.map((n) => [n.id, n.requires.filter((d) => known.has(d) && d !== n.id)]));
  const order: string[] = [];
  let progressed = true;
  while (pending.size > 0 && progressed) {
    progressed = false;
    for (const [id, deps] of pending) {
      if (deps.every((d) => order.includes(d))) {
        order.push(id);
        pending.delete(id);
        progressed = true;
      }
    }
  }
  for (const node of nodes) {
    if (node.requires.includes(node.id)) {
      problems.push({ code: 'cycle', plugin: node.id, message: `plugin ${q(node.id)} requires itself` });
    }
  }
  for (const cycle of findCycles(pending)) {
    problems.push({
      code: 'cycle',
      plugin: cycle[0],
      message: `plugins form a dependency cycle: ${[...cycle, cycle[0]].map(q).join(' → ')}`,
    });
  }
  return order;
}

function findCycles(pending: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const start of pending.keys()) {
    if (seen.has(start)) continue;
    const path: string[] = [];
    let current: string | undefined = start;
    while (current && !path.includes(current) && !seen.has(current)) {
      path.push(current);
      current = pending.get(current)?.find((d) => pending.has(d));
    }
    if (current && path.includes(current)) cycles.push(path.slice(path.indexOf(current)));
    path.forEach((id) => seen.add(id));
  }
  return cycles;
}

/**
 * A plugin fills an extension point only with `requires` on the plugin that offers it: the filler
 * then loads after the offerer and is switched off with it, never left filling a missing point.
 */
function extensionProblems(nodes: PluginNode[]): Problem[] {
  const offerer = new Map<string, string>();
  const problems: Problem[] = [];
  for (const node of nodes) {
    for (const point of node.offers ?? []) {
      const first = offerer.get(point);
      if (first && first !== node.id) {
        problems.push({ code: 'duplicate-id', plugin: node.id, message: `plugin ${q(node.id)} offers extension point "${point}", which plugin ${q(first)} already offers` });
      } else offerer.set(point, node.id);
    }
  }
  for (const node of nodes) {
    // What the code contributes is what the descriptor says it fills: the browser loads fillers by it.
    for (const point of new Set(node.contributes ?? [])) {
      if (!(node.fills ?? []).includes(point) && !(node.offers ?? []).includes(point)) {
        problems.push({
          code: 'undeclared-extension',
          plugin: node.id,
          message: `plugin ${q(node.id)} contributes to extension point "${point}" without listing it: add the point to its \`fills\``,
        });
      }
    }
    for (const point of node.fills ?? []) {
      const owner = offerer.get(point);
      if (!owner) {
        problems.push({ code: 'unknown-extension-point', plugin: node.id, message: `plugin ${q(node.id)} fills extension point "${point}", which no installed plugin offers` });
      } else if (owner !== node.id && !node.requires.includes(owner)) {
        problems.push({
          code: 'undeclared-extension',
          plugin: node.id,
          message: `plugin ${q(node.id)} fills extension point "${point}" of plugin ${q(owner)} without requiring it: add ${q(owner)} to its \`requires\``,
        });
      }
    }
  }
  return problems;
}

/**
 * A plugin subscribes to another's event only with `requires` on it (an event's id is
 * `<plugin>.<what happened>`): it then loads after the emitter and is switched off with it.
 */
function eventProblems(nodes: PluginNode[]): Problem[] {
  const problems: Problem[] = [];
  for (const node of nodes) {
    for (const event of new Set(node.subscribes ?? [])) {
      const [emitter] = event.split('.');
      if (emitter !== node.id && !node.requires.includes(emitter)) {
        problems.push({
          code: 'undeclared-event',
          plugin: node.id,
          message: `plugin ${q(node.id)} subscribes to event "${event}" of plugin ${q(emitter)} without requiring it: add ${q(emitter)} to its \`requires\``,
        });
      }
    }
  }
  return problems;
}

function pathCollisions(nodes: PluginNode[]): Problem[] {
  const owner = new Map<string, string>();
  const problems: Problem[] = [];
  for (const node of nodes) {
    for (const path of node.paths ?? []) {
      const key = path.toLowerCase();
      const first = owner.get(key);
      if (first && first !== node.id) {
        problems.push({
          code: 'path-collision',
          plugin: node.id,
          message: `plugin ${q(node.id)} claims path "${path}", which plugin ${q(first)} already claims`,
        });
      } else owner.set(key, node.id);
    }
  }
  return problems;
}

function configProblems(byId: Map<string, PluginNode>, site: SiteToggles): Problem[] {
  const problems: Problem[] = [];
  for (const [id, entry] of Object.entries(site.plugins)) {
    const plugin = byId.get(id);
    if (!plugin) {
      problems.push({
        code: 'unknown-plugin',
        plugin: id,
        message: `site ${q(site.name)} configures plugin ${q(id)}, which is not installed`,
      });
      continue;
    }
    if (plugin.core && !entry.enabled) {
      problems.push({
        code: 'core-disabled',
        plugin: id,
        message: `plugin ${q(id)} is part of the shell and cannot be disabled in site ${q(site.name)}`,
      });
    }
    const allowed = new Set(plugin.settingKeys ?? []);
    for (const key of Object.keys(entry.settings ?? {})) {
      if (!allowed.has(key)) {
        problems.push({
          code: 'unknown-setting',
          plugin: id,
          message: `site ${q(site.name)} sets ${q(`${id}.${key}`)}, which plugin ${q(id)} does not know`,
        });
      }
    }
  }
  return problems;
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `  - ${p.message}`).join('\n');
}

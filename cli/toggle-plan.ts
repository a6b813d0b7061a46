/**
 * What enabling or disabling a plugin in a site changes, checked against dependencies both
 * ways: enabling needs every requirement on, disabling needs every dependant off. With
 * `cascade` the plan takes those along; without it the plan is refused, naming every party.
 */

export interface ToggleNode {
  id: string;
  requires: readonly string[];
  core?: boolean;
}

export interface TogglePlan {
  /** Plugins whose `enabled` changes, the asked one first, then what cascades. */
  changes: { id: string; enabled: boolean }[];
  /** Why the plan cannot go ahead; empty when it can. */
  problems: string[];
}

const q = (id: string) => `\`${id}\``;
const list = (ids: readonly string[]) => ids.map(q).join(', ');

export function planToggle(
  nodes: readonly ToggleNode[],
  enabled: ReadonlySet<string>,
  target: string,
  enable: boolean,
  options: { cascade: boolean; site: string },
): TogglePlan {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const isOn = (id: string) => enabled.has(id) || !!byId.get(id)?.core;
  const node = byId.get(target);
  if (!node) return { changes: [], problems: [`plugin ${q(target)} is not installed; installed: ${list(nodes.map((n) => n.id))}`] };
  if (isOn(target) === enable) return { changes: [], problems: [] };
  return enable ? planEnable(byId, isOn, node, options) : planDisable(nodes, byId, isOn, node, options);
}

function planEnable(
  byId: Map<string, ToggleNode>,
  isOn: (id: string) => boolean,
  node: ToggleNode,
  { cascade, site }: { cascade: boolean; site: string },
): TogglePlan {
  const problems: string[] = [];
  const needed: string[] = [];
  const visit = (current: ToggleNode, seen: Set<string>) => {
    for (const dep of current.requires) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      const required = byId.get(dep);
      if (!required) {
        problems.push(`plugin ${q(current.id)} requires ${q(dep)}, which is not installed`);
        continue;
      }
      if (isOn(dep)) continue;
      visit(required, seen);
      if (!needed.includes(dep)) needed.push(dep);
    }
  };
  visit(node, new Set([node.id]));
  if (problems.length > 0) return { changes: [], problems };
  if (needed.length > 0 && !cascade) {
    const direct = node.requires.filter((d) => needed.includes(d));
    const why = direct.length > 0 ? direct : needed;
    return {
      changes: [],
      problems: [
        `plugin ${q(node.id)} requires ${list(why)}, which ${why.length > 1 ? 'are' : 'is'} disabled in site ${q(site)}; ` +
          `enable ${why.length > 1 ? 'them' : 'it'} first, or pass --cascade (also enables ${list(needed)})`,
      ],
    };
  }
  // Requirements first: `needed` was collected depth-first, so each comes after what it needs.
  return { changes: [{ id: node.id, enabled: true }, ...needed.map((id) => ({ id, enabled: true }))], problems: [] };
}

function planDisable(
  nodes: readonly ToggleNode[],
  byId: Map<string, ToggleNode>,
  isOn: (id: string) => boolean,
  node: ToggleNode,
  { cascade, site }: { cascade: boolean; site: string },
): TogglePlan {
  if (node.core) return { changes: [], problems: [`plugin ${q(node.id)} is part of the shell and cannot be disabled`] };
  const dependants: string[] = [];
  const queue = [node.id];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const other of nodes) {
      if (other.requires.includes(current) && isOn(other.id) && !dependants.includes(other.id) && other.id !== node.id) {
        dependants.push(other.id);
        queue.push(other.id);
      }
    }
  }
  if (dependants.length === 0) return { changes: [{ id: node.id, enabled: false }], problems: [] };
  const core = dependants.filter((id) => byId.get(id)?.core);
  if (core.length > 0) {
    return { changes: [], problems: [`plugin ${q(node.id)} is required by ${list(core)}, which ${core.length > 1 ? 'are' : 'is'} part of the shell`] };
  }
  if (!cascade) {
    const direct = dependants.filter((id) => byId.get(id)?.requires.includes(node.id));
    return {
      changes: [],
      problems: [
        `plugin ${q(node.id)} is required by ${list(direct)}, which ${direct.length > 1 ? 'are' : 'is'} enabled in site ${q(site)}; ` +
          `disable ${direct.length > 1 ? 'them' : 'it'} first, or pass --cascade (also disables ${list(dependants)})`,
      ],
    };
  }
  return { changes: [{ id: node.id, enabled: false }, ...dependants.map((id) => ({ id, enabled: false }))], problems: [] };
}

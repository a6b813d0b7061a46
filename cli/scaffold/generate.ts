/**
 * A new plugin's files from the template (./template.ts) and how they land on disk: all at once
 * or not at all, so a failure never leaves half a plugin for discovery to trip over.
 */
import fs from 'node:fs';
import path from 'node:path';
import { render, readTemplates, tokensFor, type Variant } from './template';

/** The menu slots the shell draws (kernel/client/plugin.ts `MenuSlot`). */
export const MENU_SLOTS = ['tabbar', 'home.grid', 'member.orders', 'member.wallet', 'member.services'] as const;
export type ShellSlot = (typeof MENU_SLOTS)[number];

export const isShellSlot = (slot: string): slot is ShellSlot => (MENU_SLOTS as readonly string[]).includes(slot);

export interface PluginPlan {
  id: string;
  slot: ShellSlot;
  /** false for `--no-server`: the browser side only. */
  server: boolean;
}

export interface PlannedFile {
  /** Inside `plugins/<id>/`, with forward slashes. */
  path: string;
  content: string;
}

export const routeOf = (id: string) => `/pages/${id}/${id}`;

export function planPlugin(plan: PluginPlan): PlannedFile[] {
  const variant: Variant = plan.server ? 'full' : 'client-only';
  const tokens = tokensFor(plan.id, plan.slot);
  return readTemplates(variant)
    .map((file) => ({ path: render(file.path, tokens, file.path), content: render(file.text, tokens, file.path) }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Writes the files into a hidden folder beside the target and renames it into place. Refuses
 * (without writing) when `plugins/<id>` exists by now.
 */
export function writePlugin(root: string, id: string, files: readonly PlannedFile[]): string {
  const pluginsDir = path.join(root, 'plugins');
  const target = path.join(pluginsDir, id);
  const temp = path.join(pluginsDir, `.${id}.partial-${process.pid}`);
  fs.mkdirSync(pluginsDir, { recursive: true });
  fs.rmSync(temp, { recursive: true, force: true });
  try {
    for (const file of files) {
      const full = path.join(temp, ...file.path.split('/'));
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, file.content);
    }
    // rename() would also replace an empty folder: check again right before it.
    if (fs.existsSync(target)) throw new Error(`plugins/${id} already exists`);
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  return target;
}

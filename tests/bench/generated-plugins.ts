/**
 * The plugins the bench generates with `storefront plugin new` to see what more plugins cost the
 * home route: ids `bench01`…, menu slots taken in turn from the home grid and the member centre,
 * and every fourth one without a server side. Pure.
 */
export const GENERATED_SLOTS = ['home.grid', 'member.services', 'member.wallet'] as const;

export interface GeneratedPlugin {
  id: string;
  slot: (typeof GENERATED_SLOTS)[number];
  /** false: `--no-server`, the browser side only. */
  server: boolean;
}

export function generatedPlugins(count: number): GeneratedPlugin[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `bench${String(i + 1).padStart(2, '0')}`,
    slot: GENERATED_SLOTS[i % GENERATED_SLOTS.length],
    server: i % 4 !== 3,
  }));
}

/** The arguments of `storefront` that create one (and enable it in the default site). */
export function pluginNewArgs(plugin: GeneratedPlugin): string[] {
  return ['plugin', 'new', plugin.id, '--slot', plugin.slot, ...(plugin.server ? [] : ['--no-server'])];
}

/** "home.grid ×7, member.services ×7, member.wallet ×6; 5 without a server side" */
export function describeGenerated(plugins: readonly GeneratedPlugin[]): string {
  const bySlot = GENERATED_SLOTS.map((slot) => `${slot} ×${plugins.filter((p) => p.slot === slot).length}`).join(', ');
  return `${bySlot}; ${plugins.filter((p) => !p.server).length} without a server side`;
}

/**
 * A component's first-screen data (Kernel.bootstrapData) for its first mount. The kernel hands a
 * plugin's data out once; a render React throws away (a child suspended on its strings or code,
 * and the boundary above shows its fallback) must not use it up, or the mount that follows finds
 * none and fetches what index.html already carried (with the HTTP client: 37 kB more on the home).
 * So it is held per kernel until a mount commits; a later mount fetches fresh data, as it should.
 */
import { useEffect, useState } from 'react';
import type { FirstScreenData } from '../core/site';
import { useKernel } from './hooks';
import type { Kernel } from './kernel';

const held = new WeakMap<Kernel, Map<PropertyKey, unknown>>();

export function useFirstScreenData<K extends keyof FirstScreenData>(plugin: K): FirstScreenData[K] | undefined {
  const kernel = useKernel();
  const [data] = useState(() => {
    let byPlugin = held.get(kernel);
    if (!byPlugin) held.set(kernel, (byPlugin = new Map()));
    if (!byPlugin.has(plugin)) byPlugin.set(plugin, kernel.bootstrapData(plugin));
    return byPlugin.get(plugin) as FirstScreenData[K] | undefined;
  });
  useEffect(() => {
    held.get(kernel)?.delete(plugin);
  }, [kernel, plugin]);
  return data;
}

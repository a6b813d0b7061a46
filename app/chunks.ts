/**
 * Loaders for the plugins' parts from the chunks the server named (Bootstrap.chunks): a part's
 * scripts are preloaded and its styles applied beside its import, as the build's preload helper
 * does for a dynamic import, so a page arrives with its styles and without a request waterfall.
 */
import type { PartChunks } from '@kernel/core/bootstrap';
import type { PartLoaders } from './sources';

const added = new Set<string>();

/** One `<link>` per file, ever; a style resolves once it has applied (or failed: the page still shows). */
function link(href: string, style: boolean): Promise<void> | undefined {
  if (added.has(href) || document.querySelector(`link[href="${href}"]`)) return undefined;
  added.add(href);
  const element = document.createElement('link');
  element.rel = style ? 'stylesheet' : 'modulepreload';
  element.crossOrigin = '';
  element.href = href;
  document.head.appendChild(element);
  if (!style) return undefined;
  return new Promise((resolve) => {
    element.addEventListener('load', () => resolve());
    element.addEventListener('error', () => resolve());
  });
}

export function chunkLoaders({ files, parts }: PartChunks): PartLoaders {
  const url = (index: number) => `/${files[index]}`;
  const loaders: Record<string, () => Promise<unknown>> = {};
  for (const [source, [module, ...needs]] of Object.entries(parts)) {
    loaders[source] = async () => {
      const styles = needs.map(url).map((href) => link(href, href.endsWith('.css')));
      const [loaded] = await Promise.all([import(/* @vite-ignore */ url(module)), ...styles]);
      return loaded;
    };
  }
  return loaders;
}

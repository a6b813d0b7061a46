/**
 * Which plugins' browser sides the served build lacks: a plugin added (e.g. by `storefront plugin
 * new`) after the last `npm run build` answers its calls but has no pages until the app is rebuilt.
 * Every client plugin's translations are lazy chunks, so the build manifest names each one it holds.
 */
import fs from 'node:fs';
import path from 'node:path';

export function pluginsMissingFromBuild(root: string, distDir: string): string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const pluginsDir = path.join(root, 'plugins');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(pluginsDir)) return [];
  let built: string;
  try {
    built = Object.keys(JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as object).join('\n');
  } catch {
    return [];
  }
  return fs
    .readdirSync(pluginsDir, { withFileTypes: true })
    // A browser side: code, pages or strings (each is a chunk the build names).
    .filter((entry) => entry.isDirectory() && ['index.ts', 'pages', 'i18n'].some((part) => fs.existsSync(path.join(pluginsDir, entry.name, part))))
    .map((entry) => entry.name)
    .filter((id) => !built.includes(`plugins/${id}/`))
    .sort();
}

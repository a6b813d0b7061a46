// The compiled CLI (see fast.ts): cli/fast.ts and every plugin's descriptor, bundled by esbuild into
// one JavaScript file that Node runs without tsx. It lives in node_modules/.cache (one per project
// folder) with the list of files it was built from, and is used only while none of them has
// changed: any edit, or a plugin added or removed, rebuilds it on the next command (≈0.2 s).
// Plain JavaScript, because bin.js needs it before any TypeScript can load.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the compiled CLI of the project at `root` (with its trailing separator) is kept: tools that remove a project remove it too. */
export const compiledCliDir = (root) => path.join(root, 'node_modules', '.cache', 'storefront-cli', createHash('sha1').update(root).digest('hex').slice(0, 12));
const OUT_DIR = compiledCliDir(ROOT);
const BUNDLE = path.join(OUT_DIR, 'cli.mjs');
const INPUTS = path.join(OUT_DIR, 'inputs.json');
const NEEDS_FULL_CLI = 'STOREFRONT_NEEDS_FULL_CLI'; // cli/full-cli.ts

/** Plugin folders with a descriptor, sorted: the bundle holds exactly these. */
function pluginFolders() {
  const dir = path.join(ROOT, 'plugins');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'plugin.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** Whether the bundle on disk was built from the files as they are now. */
function isFresh() {
  let inputs;
  try {
    inputs = JSON.parse(fs.readFileSync(INPUTS, 'utf8'));
  } catch {
    return false;
  }
  if (inputs.node !== process.version || inputs.plugins.join() !== pluginFolders().join()) return false;
  for (const [file, mtimeMs] of Object.entries(inputs.files)) {
    const stat = fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs !== mtimeMs) return false;
  }
  return true;
}

/** Every import of a file: `import.meta.url` means where the source is, not where the bundle is. */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** What a command loads on demand stays out: importing it rejects, and bin.js runs the full CLI. */
const onDemand = {
  name: 'on-demand',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, namespace: 'on-demand' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'on-demand' }, (args) => ({
      contents: `throw Object.assign(new Error(${JSON.stringify(`${args.path} loads on demand: the full CLI runs this command`)}), { code: ${JSON.stringify(NEEDS_FULL_CLI)} });`,
      loader: 'js',
    }));
  },
};

/** Builds the bundle and records its inputs (not when a file changed while it was built). */
export async function buildCompiledCli() {
  const { build } = await import('esbuild');
  const started = Date.now();
  const plugins = pluginFolders();
  const entry = [
    `import { runFast } from './cli/fast.ts';`,
    ...plugins.map((id, i) => `import p${i} from './plugins/${id}/plugin.ts';`),
    `export const run = (argv) => runFast(argv, [${plugins.map((id, i) => `[${JSON.stringify(id)}, p${i}]`).join(', ')}]);`,
  ].join('\n');
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const temp = `${BUNDLE}.${process.pid}.tmp`;
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'compiled-cli.ts', loader: 'ts' },
    absWorkingDir: ROOT,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // jsonc-parser's `main` is a UMD build whose require()s a bundler cannot follow; its `module` is plain ESM.
    mainFields: ['module', 'main'],
    outfile: temp,
    metafile: true,
    logLevel: 'silent',
    legalComments: 'none',
    minify: true,
    // Commander is CommonJS: its require() of Node's modules needs a require in an ES module.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [sourceUrls, onDemand],
  });
  fs.renameSync(temp, BUNDLE);
  const files = { 'tsconfig.json': 0, 'cli/compiled.js': 0 };
  for (const input of Object.keys(result.metafile.inputs)) if (fs.existsSync(path.join(ROOT, input))) files[input] = 0;
  for (const file of Object.keys(files)) {
    files[file] = fs.statSync(path.join(ROOT, file)).mtimeMs;
    if (files[file] >= started) return;
  }
  const record = `${INPUTS}.${process.pid}.tmp`;
  fs.writeFileSync(record, JSON.stringify({ node: process.version, plugins, files }));
  fs.renameSync(record, INPUTS);
}

/**
 * The compiled CLI's `run(argv)` (false when the command needs the full CLI), built first when
 * it is missing or out of date; null when it cannot be built (a syntax error being typed, say:
 * the full CLI then reports it).
 */
export async function compiledCli() {
  try {
    if (!isFresh()) await buildCompiledCli();
    return await import(pathToFileURL(BUNDLE).href);
  } catch {
    return null;
  }
}

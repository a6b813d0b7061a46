// Lint for the whole repository; `npm test` runs it (`npm run lint` alone).
// Lean on purpose: ESLint's and typescript-eslint's recommended sets, the two classic React hooks
// rules, and the import boundaries of DESIGN.md §2–3. No type-aware rules: tsc already checks types
// in `npm test`, and type-aware linting would cost minutes on a 2-core machine.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const at = (...parts) => path.join(root, ...parts);

// ── Import boundaries ─────────────────────────────────────────────────────────────────────────────
// Checked on the resolved file, so `@plugins/cart/store`, `../../cart/store` and
// `@kernel/server/db` are the same import to the rule. Imports resolve through tsconfig.json's
// `paths` (the aliases vite.config.ts and vitest.config.ts mirror).
//
// 1. kernel/core is shared by browser and server: it imports neither kernel/client nor kernel/server.
// 2. kernel/client and kernel/server never import each other.
// 3. The kernel never imports a plugin (it finds them by folder: discover.ts, app/discover.ts).
// 4. A plugin reaches another plugin only through its public surface, the files at its root:
//    `public.ts` / `public-<side>.ts` (public-client.ts …), `contract.ts` and `plugin.ts`.
//    Anything else (stores, services, components, pages …) is that plugin's own business.
//    A descriptor (`plugin.ts`) may also import another plugin's `points.ts`, the values of its
//    extension points (`fills: [goodsActions]`): a tiny module, so the browser's eager load of
//    every descriptor stays small. Other code takes the points from the public surface.
const pluginIds = fs
  .readdirSync(at('plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// `public?(-+([a-z])).ts` is public.ts or public-client.ts, not public.test.ts.
const publicSurface = ['public?(-+([a-z])).ts', 'contract.ts', 'plugin.ts'].map((file) => at('plugins', '*', file));

const kernelLayers = [
  {
    target: at('kernel/core'),
    from: [at('kernel/client'), at('kernel/server')],
    message: 'kernel/core is shared by browser and server: it imports neither kernel/client nor kernel/server.',
  },
  {
    target: at('kernel/client'),
    from: at('kernel/server'),
    message: 'The browser kernel never imports the server kernel: share through kernel/core.',
  },
  {
    target: at('kernel/server'),
    from: at('kernel/client'),
    message: 'The server kernel never imports the browser kernel: share through kernel/core.',
  },
  {
    target: at('kernel'),
    from: at('plugins'),
    message: 'The kernel never imports a plugin: plugins plug into the kernel, never the other way round.',
  },
];

// Two zones per plugin folder (its descriptor, and everything else), so a new plugin is covered
// without editing this file. A glob `from` needs glob exceptions, matched against the absolute
// path of the imported file.
const points = at('plugins', '*', 'points.ts');
const pluginSurfaces = pluginIds.flatMap((id) => [
  {
    // Every file but the descriptor: the folder's other root files, and everything in subfolders.
    target: [at('plugins', id, '!(plugin.ts)'), at('plugins', id, '*', '**')],
    from: at('plugins', `!(${id})`, '**'),
    except: publicSurface,
    message: `Plugin \`${id}\` may import another plugin only through its public.ts, public-*.ts, contract.ts or plugin.ts.`,
  },
  {
    target: at('plugins', id, 'plugin.ts'),
    from: at('plugins', `!(${id})`, '**'),
    except: [...publicSurface, points],
    message: `The descriptor of plugin \`${id}\` may import another plugin only through its points.ts, public.ts, public-*.ts, contract.ts or plugin.ts.`,
  },
]);

// Tests — `*.test.ts(x)` — and a plugin's test helpers (`testing.ts`, `fixtures.ts`) may reach into
// other plugins' files: they assemble real collaborators (a store, an admin service, fixtures).
// They keep the kernel's layering. Production code gets no such exception.
// tests/ (cross-plugin tests, benchmarks, helpers) is neither kernel nor plugin: no zone covers it.
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'plugins/*/testing.ts', 'plugins/*/fixtures.ts'];

export default defineConfig(
  { ignores: ['dist/', 'data/', 'test-results/', 'playwright-report/', '.tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: at('tsconfig.json') },
        }),
      ],
    },
    rules: {
      // `_name` marks a deliberately unused binding (a parameter kept for its position, a field
      // dropped from a rest copy).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...kernelLayers, ...pluginSurfaces] }],
    },
  },
  {
    files: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: kernelLayers }],
    },
  },
  {
    // Node scripts: the CLI's entry points and this file.
    files: ['cli/**/*.js', 'eslint.config.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);

// The API child process of `storefront dev` (see api-process.ts), with TypeScript through tsx
// configured as bin.js configures it: a fresh process per restart loads the changed code.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)) });
await import('./api-process.ts');

#!/usr/bin/env node
// The `storefront` command. TypeScript runs through tsx, configured with this project's
// tsconfig (path aliases) wherever the command is started from.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./index.ts');

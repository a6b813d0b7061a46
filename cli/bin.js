#!/usr/bin/env node
// The `storefront` command, runnable from any working directory (see register.js for how sources load).
import './register.js';

await import('./index.ts');

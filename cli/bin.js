#!/usr/bin/env node
// The `storefront` command, runnable from any working directory. Most command lines run in the
// compiled CLI (compiled.js: help, toggles, site files, scaffolding), which starts in a fraction
// of the time; those that run servers, databases or plugins' server code go through tsx
// (register.js, index.ts). STOREFRONT_CLI=tsx forces the second way; STOREFRONT_CLI=compiled
// refuses it (tests use both to prove which way a command takes).
import { compiledCli } from './compiled.js';

const argv = process.argv.slice(2);
const way = process.env.STOREFRONT_CLI;
const compiled = way === 'tsx' ? null : await compiledCli();
const done = compiled ? await compiled.run(argv) : false;

if (!done && way === 'compiled') {
  process.stderr.write(`✖ \`storefront ${argv.join(' ')}\` cannot run in the compiled CLI (STOREFRONT_CLI=compiled)\n`);
  process.exitCode = 70;
} else if (!done) {
  await import('./register.js');
  await import('./index.ts');
}

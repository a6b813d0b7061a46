// `npm test`'s first step: the type check and the lint, side by side (each is mostly one core),
// each one's output printed whole when it ends, with its time. Exits 1 when either fails.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const checks = [
  ['typecheck', 'node_modules/typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'node_modules/eslint/bin/eslint.js', ['--cache', '--cache-location', 'node_modules/.cache/eslint/', '--cache-strategy', 'content', '.']],
];

const run = ([name, bin, args]) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output}${code === 0 ? '✔' : '✖'} ${name} (${seconds} s)${code === 0 ? '' : `: exit ${code}`}\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);

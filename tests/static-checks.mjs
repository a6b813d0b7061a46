// `npm test`'s first step: package.json's `typecheck` and `lint` scripts side by side (each is
// mostly one core), each one's output printed whole when it ends, with its time. Exits 1 when
// either fails.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const run = (script) =>
  new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output}${code === 0 ? '✔' : '✖'} ${script} (${seconds} s)${code === 0 ? '' : `: exit ${code}`}\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(['typecheck', 'lint'].map(run));
process.exit(results.every(Boolean) ? 0 : 1);

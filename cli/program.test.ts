import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeProject, wishPlugin } from '@kernel/server/fake-project';
import { KERNEL_VERSION } from '@kernel/server/version';
import { parsePort } from './commands/start';
import { buildProgram } from './program';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, 'bin.js');

const project = fakeProject({ wish: wishPlugin });
project.write('config/sites/default.json', JSON.stringify({ app: { key: 'k', secret: 's' }, plugins: { wish: { enabled: true } } }));
afterAll(() => project.remove());

function cli() {
  const out: string[] = [];
  const err: string[] = [];
  const program = buildProgram({ root: project.root, env: {}, cwd: project.root, out: (l) => out.push(l), err: (l) => err.push(l) });
  program.exitOverride().configureOutput({ writeOut: (s) => out.push(s), writeErr: (s) => err.push(s) });
  return { program, out, err };
}

describe('storefront CLI', () => {
  it('runs from any working directory through bin.js', async () => {
    const { stdout } = await run(process.execPath, [BIN, '--version'], { cwd: os.tmpdir() });
    expect(stdout.trim()).toBe(KERNEL_VERSION);
    const help = await run(process.execPath, [BIN, '--help'], { cwd: os.tmpdir() });
    expect(help.stdout).toContain('start');
    expect(help.stdout).toContain('seed');
  });

  it('seeds each enabled plugin once and prints the notes', async () => {
    const first = cli();
    await first.program.parseAsync(['node', 'storefront', 'seed']);
    expect(first.out).toEqual(['✔ seeded: wish', '  wish demo: nothing to log in with']);
    expect(fs.existsSync(path.join(project.root, 'data', 'default.sqlite'))).toBe(true);
    const again = cli();
    await again.program.parseAsync(['node', 'storefront', 'seed', '--site', 'default']);
    expect(again.out[0]).toBe('nothing to seed: every enabled plugin is seeded already');
  });

  it('says so, without a stack, when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const { program } = cli();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-port-'));
    try {
      await expect(
        program.parseAsync(['node', 'storefront', 'start', '--port', String(port), '--data-dir', dataDir]),
      ).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a port that is not a number', () => {
    expect(parsePort('8080')).toBe(8080);
    expect(() => parsePort('eighty')).toThrow('"eighty" is not a port number');
    expect(() => parsePort('70000')).toThrow();
  });
});

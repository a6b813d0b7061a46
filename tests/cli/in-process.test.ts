import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './in-process';
import { REPO_ROOT, runCommand } from './run';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-in-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const BIN = path.join(REPO_ROOT, 'cli', 'bin.js');
/** The same command line as a real `storefront` process and in this one. */
const both = (...args: string[]) =>
  Promise.all([runCommand(process.execPath, [BIN, ...args], { cwd: REPO_ROOT }), runInProcess(args, { root: REPO_ROOT })]);

describe('a command line run in the test process', () => {
  it.each([
    ['the help', ['--help']],
    ["a group's help", ['plugin', '--help']],
    ['the version', ['--version']],
    ['a usage error of commander, with the help hint', ['plugin', 'enable']],
    ['an unknown command', ['nosuch']],
    ["a command's refusal", ['plugin', 'enable', 'nosuch']],
  ])('answers %s as the real process does: exit code, stdout and stderr', async (_case, args) => {
    const [real, inProcess] = await both(...args);
    expect(real.stdout + real.stderr).not.toBe('');
    expect(inProcess).toEqual(real);
  });

  it('answers a command that opens the database as the real process does, and leaves no database behind', async () => {
    const [real, inProcess] = await both('db', 'status', '--json', '--data-dir', dataDir);
    expect(real.code).toBe(1);
    expect(inProcess).toEqual(real);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

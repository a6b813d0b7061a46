/**
 * How long the `storefront` command takes where a developer feels it (issue #12): `--help`, and
 * `plugin enable|disable` from the command to a running server applying it. Run against a
 * temporary copy of the project with its server started, since the toggles edit the site file.
 * "Applied" is when the server's site event stream (`GET /api/site/events`) announces the new
 * plugin list; `node -e 0` beside them says what any Node process costs on this machine right now.
 */
import path from 'node:path';
import { runCommand } from '../cli/run';
import type { SiteStream } from './site-stream';

export interface ToggleTiming {
  action: 'enable' | 'disable';
  /** Spawn → exit of `storefront plugin <action> <plugin>`. */
  commandMs: number;
  /** Spawn → the server's site event with the plugin (not) in its list. */
  appliedMs: number;
}

export interface CliFigures {
  plugin: string;
  rounds: number;
  nodeMs: number[];
  helpMs: number[];
  /** Run first, not counted: turns the plugin's dependants off so a plain `disable` is accepted (and warms the caches). */
  setup: string;
  toggles: ToggleTiming[];
}

const APPLY_TIMEOUT_MS = 15_000;

/** Leaves `plugin` and its dependants switched off in the site; the caller restores the file. */
export async function benchCli(root: string, stream: SiteStream, plugin: string, rounds: number): Promise<CliFigures> {
  const bin = path.join(root, 'cli', 'bin.js');
  const storefront = (...args: string[]) => timed(process.execPath, [bin, ...args], root);

  const nodeMs: number[] = [];
  const helpMs: number[] = [];
  await storefront('--help');
  for (let i = 0; i < rounds; i += 1) {
    nodeMs.push(await timed(process.execPath, ['-e', '0'], root));
    helpMs.push(await storefront('--help'));
  }

  const setup = ['plugin', 'disable', plugin, '--cascade'];
  await storefront(...setup);
  const toggles: ToggleTiming[] = [];
  for (let i = 0; i < rounds; i += 1) {
    for (const action of ['enable', 'disable'] as const) {
      const started = performance.now();
      const wanted = (plugins: readonly string[]) => plugins.includes(plugin) === (action === 'enable');
      const [commandMs, applied] = await Promise.all([storefront('plugin', action, plugin), stream.waitFor(wanted, started, APPLY_TIMEOUT_MS)]);
      toggles.push({ action, commandMs, appliedMs: applied.at - started });
    }
  }
  return { plugin, rounds, nodeMs, helpMs, setup: `storefront ${setup.join(' ')}`, toggles };
}

/** Wall time of one command, spawn to exit; a failing command stops the bench with its output. */
async function timed(file: string, args: string[], cwd: string): Promise<number> {
  const started = performance.now();
  const result = await runCommand(file, args, { cwd });
  const ms = performance.now() - started;
  if (result.code !== 0) throw new Error(`\`${path.basename(file)} ${args.join(' ')}\` exited ${result.code}:\n${result.stderr || result.stdout}`);
  return ms;
}

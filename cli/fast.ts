/**
 * The compiled CLI: `fast/build.js` bundles this file with every plugin's descriptor into one
 * JavaScript file, so help, `plugin enable|disable` and the other commands that need no server
 * code start without tsx. Anything a command loads on demand is left out of the bundle (see
 * full-cli.ts): such a command line returns `false` before printing anything, and `bin.js` runs it
 * through tsx.
 */
import { descriptorProblems, type PluginDescriptor } from '@kernel/core/descriptor';
import { needsFullCli } from './full-cli';
import { runCli, terminalContext } from './main';

/** `bundled`: each plugin folder with its `plugin.ts` default export, as the bundle was built. */
export async function runFast(argv: readonly string[], bundled: readonly (readonly [folder: string, value: unknown])[]): Promise<boolean> {
  // A broken descriptor is the full CLI's to report, with the rest of its checks.
  if (bundled.some(([folder, value]) => descriptorProblems(value, folder).length > 0)) return false;
  const descriptors = bundled.map(([, value]) => value as PluginDescriptor);
  const ctx = terminalContext({ installed: async () => ({ descriptors, problems: [] }) });
  try {
    process.exitCode = await runCli(ctx, argv);
    return true;
  } catch (error) {
    if (needsFullCli(error)) return false;
    throw error;
  }
}

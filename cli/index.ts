/** Entry of the `storefront` command through tsx (see bin.js): every command, with plugins read from plugins/. */
import { runCli, terminalContext } from './main';

process.exitCode = await runCli(terminalContext(), process.argv.slice(2));

/**
 * The compiled CLI (`fast.ts`) holds every command's definition but none of the code a command
 * loads on demand (servers, databases, plugins' server sides). Loading such code there fails
 * with this code, and `bin.js` runs the same command line through tsx instead.
 */
export const NEEDS_FULL_CLI = 'STOREFRONT_NEEDS_FULL_CLI';

export const needsFullCli = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === NEEDS_FULL_CLI;

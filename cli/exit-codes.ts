/**
 * What `storefront` exit codes mean, so scripts can tell a refusal from a typo from a bug.
 * Documented in README (The CLI → Exit codes).
 */
export const EXIT = {
  ok: 0,
  /** The command ran and found or refused something: doctor problems, a dependency in the way, bad data. */
  refused: 1,
  /** The command line is wrong: unknown command or option, a missing or malformed argument, a bad id. */
  usage: 2,
  /** The environment is not ready: a port in use, an unreadable or invalid site file, a plugin that will not load. */
  environment: 3,
  /** A bug: an unexpected exception (printed with its stack). */
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

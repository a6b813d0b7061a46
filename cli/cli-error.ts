/**
 * A failure the user can act on: printed as its message alone, without a stack. The exit code
 * says what kind (see exit-codes.ts); `details` are printed as a list under the message.
 */
import { EXIT, type ExitCode } from './exit-codes';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.refused,
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A wrong command line: exit code 2. */
export const usageError = (message: string, details: readonly string[] = []) => new CliError(message, EXIT.usage, details);

/** A failure the user can act on: printed as its message alone, without a stack, with exit code 1. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

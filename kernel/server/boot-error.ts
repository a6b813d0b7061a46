/** Thrown when the site cannot start: every problem at once, each naming its plugin and site. */
import { formatProblems, type Problem } from '../core/plugin-graph';

export class BootError extends Error {
  constructor(
    headline: string,
    readonly problems: readonly Problem[],
  ) {
    super(`${headline}:\n${formatProblems(problems)}`);
    this.name = 'BootError';
  }
}

import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { logLevelOf } from './start';

const withEnv = (env: NodeJS.ProcessEnv) => ({ root: '/nowhere', env, out: () => {}, err: () => {} }) as unknown as CliContext;

describe('storefront start --log-level', () => {
  it('takes the option first, then $LOG_LEVEL, else info', () => {
    expect(logLevelOf(withEnv({ LOG_LEVEL: 'warn' }), 'debug')).toBe('debug');
    expect(logLevelOf(withEnv({ LOG_LEVEL: ' debug ' }), undefined)).toBe('debug');
    expect(logLevelOf(withEnv({ LOG_LEVEL: '' }), undefined)).toBe('info');
    expect(logLevelOf(withEnv({}), undefined)).toBe('info');
  });

  it('refuses a $LOG_LEVEL that names no level, listing the ones there are (exit 3)', () => {
    const refusal = (() => {
      try {
        logLevelOf(withEnv({ LOG_LEVEL: 'verbose' }), undefined);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(CliError);
    expect((refusal as CliError).exitCode).toBe(EXIT.environment);
    expect((refusal as CliError).message).toBe('$LOG_LEVEL is "verbose", which is not a log level: use one of trace, debug, info, warn, error, fatal, silent');
  });
});

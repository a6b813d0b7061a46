import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '@kernel/server/app';
import { demoLoginsInUse } from '@kernel/server/seed';
import { storefrontInProcessOn } from '../../tests/cli/in-process';
import { REPO_ROOT } from '../../tests/cli/run';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { demoOf, hostOf, logLevelOf, shutdownTimeoutOf, trustProxyOf } from './start';

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

/** What a function throws (a CliError here), or undefined. */
function thrown(work: () => unknown): CliError | undefined {
  try {
    work();
  } catch (error) {
    return error as CliError;
  }
  return undefined;
}

describe('storefront start: options from the environment', () => {
  it('listens where --host, else $HOST says, else on loopback only', () => {
    expect(hostOf(withEnv({ HOST: '0.0.0.0' }), '::1')).toBe('::1');
    expect(hostOf(withEnv({ HOST: '0.0.0.0' }), undefined)).toBe('0.0.0.0');
    expect(hostOf(withEnv({ HOST: ' ' }), undefined)).toBe('127.0.0.1');
    expect(hostOf(withEnv({}), undefined)).toBe('127.0.0.1');
  });

  it('trusts the proxies --trust-proxy, else $TRUST_PROXY names, else none; refuses an entry that is no address (exit 3)', () => {
    expect(trustProxyOf(withEnv({ TRUST_PROXY: '1' }), ['10.0.0.1'])).toEqual(['10.0.0.1']);
    expect(trustProxyOf(withEnv({ TRUST_PROXY: '1' }), undefined)).toBe(1);
    expect(trustProxyOf(withEnv({ TRUST_PROXY: 'true' }), undefined)).toBe(true);
    expect(trustProxyOf(withEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }), undefined)).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(trustProxyOf(withEnv({}), undefined)).toBe(false);
    const refusal = thrown(() => trustProxyOf(withEnv({ TRUST_PROXY: '10.0.0.0/8,nginx' }), undefined));
    expect(refusal?.exitCode).toBe(EXIT.environment);
    expect(refusal?.message).toContain('$TRUST_PROXY: "nginx" is not an IP address or CIDR range');
  });

  it('runs the demo with --demo or $STOREFRONT_DEMO=1, and refuses a value it cannot read', () => {
    expect(demoOf(withEnv({}), true)).toBe(true);
    expect(demoOf(withEnv({ STOREFRONT_DEMO: '1' }), undefined)).toBe(true);
    expect(demoOf(withEnv({ STOREFRONT_DEMO: '0' }), undefined)).toBe(false);
    expect(demoOf(withEnv({}), undefined)).toBe(false);
    expect(thrown(() => demoOf(withEnv({ STOREFRONT_DEMO: 'yes please' }), undefined))?.message).toBe(
      '$STOREFRONT_DEMO is "yes please": use 1 for the demo shop, or leave it unset',
    );
  });

  it('takes $SHUTDOWN_TIMEOUT_MS as a positive number of milliseconds', () => {
    expect(shutdownTimeoutOf(withEnv({ SHUTDOWN_TIMEOUT_MS: '2500' }))).toBe(2500);
    expect(shutdownTimeoutOf(withEnv({}))).toBeUndefined();
    expect(thrown(() => shutdownTimeoutOf(withEnv({ SHUTDOWN_TIMEOUT_MS: '10s' })))?.exitCode).toBe(EXIT.environment);
  });
});

describe('storefront start on a database with the demo logins', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-demo-logins-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const storefront = storefrontInProcessOn(dataDir);

  it('refuses to serve it (exit 1) naming `storefront user password`, which clears the way', async () => {
    // The auth plugin's demo shopper, made by hand: the check reads passwords, not how an account came to be.
    expect((await storefront('user', 'add', 'demo', '--password', 'demo123456')).code).toBe(0);
    const refused = await storefront('start', '--port', '0');
    expect(refused.code).toBe(EXIT.refused);
    expect(refused.stderr).toContain("this database still has the demo's logins with their published passwords (demo / demo123456)");
    expect(refused.stderr).toContain('storefront user password <username>');
    expect(refused.stderr).toContain('storefront start --demo');

    const changed = await storefront('user', 'password', 'demo', '--json');
    expect(changed.code).toBe(0);
    expect((JSON.parse(changed.stdout) as { password: string }).password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{12}$/);
    const app = await createApp({ root: REPO_ROOT, site: 'default', dataDir });
    try {
      expect(await demoLoginsInUse(app)).toEqual([]);
    } finally {
      await app.close();
    }
    const unknown = await storefront('user', 'password', 'nobody');
    expect([unknown.code, unknown.stderr]).toEqual([EXIT.refused, expect.stringContaining('site `default` has no account `nobody`')]);
  });
});

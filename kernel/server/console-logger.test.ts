import { describe, expect, it } from 'vitest';
import { consoleLogger, isLogLevel, LOG_LEVELS } from './console-logger';

describe('console logger', () => {
  it('prints readable lines at or above its level', () => {
    const lines: string[] = [];
    const log = consoleLogger('info', (line) => lines.push(line));
    log.debug('hidden');
    log.info('site reloaded');
    log.error({ err: new Error('disk full') }, 'call failed');
    log.child({ reqId: 1 }).warn('careful');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}site reloaded$/);
    expect(lines[1]).toMatch(/ERROR call failed\nError: disk full/);
    expect(lines[2]).toMatch(/WARN {2}careful$/);
  });

  it('prints debug lines when asked for debug, and knows the levels an operator may ask for', () => {
    const lines: string[] = [];
    consoleLogger('debug', (line) => lines.push(line)).debug('job order/cancel-unpaid: nothing due');
    expect(lines).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d DEBUG job order\/cancel-unpaid: nothing due$/)]);
    expect(LOG_LEVELS).toEqual(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);
    expect([isLogLevel('debug'), isLogLevel('verbose')]).toEqual([true, false]);
  });

  it('stays quiet when silent', () => {
    const lines: string[] = [];
    consoleLogger('silent', (line) => lines.push(line)).fatal('nothing');
    expect(lines).toEqual([]);
  });
});

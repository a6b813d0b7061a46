import { describe, expect, it } from 'vitest';
import { createLogger, isLogFormat, isLogLevel, LOG_LEVELS, type LoggerOptions } from './logger';

function capture(options: Omit<LoggerOptions, 'write'> = {}) {
  const lines: string[] = [];
  const log = createLogger({ ...options, write: (text) => lines.push(...text.split('\n').filter(Boolean)) });
  return { log, lines, json: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('logger', () => {
  it('writes JSON lines at or above its level, and a child keeps its bindings', () => {
    const { log, json } = capture({ level: 'info' });
    log.debug('hidden');
    log.info('site reloaded');
    log.child({ reqId: 'req-7' }).child({ job: 'order/cancel' }).warn('careful');
    expect(json()).toEqual([
      expect.objectContaining({ level: 30, msg: 'site reloaded' }),
      expect.objectContaining({ level: 40, msg: 'careful', reqId: 'req-7', job: 'order/cancel' }),
    ]);
  });

  it('writes an error with its stack', () => {
    const { log, json } = capture();
    log.error({ err: new Error('disk full') }, 'call failed');
    const [line] = json();
    expect(line.msg).toBe('call failed');
    expect(line.err).toMatchObject({ type: 'Error', message: 'disk full', stack: expect.stringContaining('Error: disk full\n    at ') });
  });

  it('writes readable lines in the pretty format: time, level, message, request id, stack', () => {
    const { log, lines } = capture({ format: 'pretty', level: 'debug' });
    log.debug('job order/cancel-unpaid: nothing due');
    log.child({ reqId: 'req-3' }).error({ err: new Error('disk full'), req: { method: 'POST', url: '/api/cart/add' } }, 'call failed');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] DEBUG: job order\/cancel-unpaid: nothing due$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: call failed \(POST \/api\/cart\/add\) \[req-3\]$/);
    expect(lines.join('\n')).toContain('Error: disk full');
    expect(lines.join('\n')).not.toContain('"pid"');
  });

  it('redacts secret fields in objects, however they are nested', () => {
    const { log, lines } = capture();
    log.info(
      {
        password: 'hunter22',
        headers: { authorization: 'Bearer abc.def', token: 'tok-123', 'user-agent': 'curl' },
        req: { body: { mobile: '13600008000', captcha: '461098', code: '552211', refresh_token: 'rt-9' } },
        err: { code: 'ECONNREFUSED' },
      },
      'call',
    );
    const text = lines.join('\n');
    for (const secret of ['hunter22', 'abc.def', 'tok-123', '13600008000', '461098', '552211', 'rt-9']) expect(text).not.toContain(secret);
    expect(text).toContain('curl');
    expect(text).toContain('ECONNREFUSED');
  });

  it('censors codes, mobiles, e-mail addresses and tokens written into a message or an error', () => {
    const { log, lines } = capture();
    log.info('outbox sms → 13600008000: 【优选商城】您的验证码是 461098');
    log.info('GET /api/socket?token=abcdef123&lang=en for %s', 'ann@example.com');
    log.error({ err: new Error('duplicate key: Key (mobile)=(13700137000) already exists') }, 'call failed');
    const text = lines.join('\n');
    for (const secret of ['13600008000', '461098', 'abcdef123', 'ann@example.com', '13700137000']) expect(text).not.toContain(secret);
    expect(text).toContain('136****8000');
    expect(text).toContain('a***@example.com');
    expect(text).toContain('lang=en');
  });

  it('stays quiet when silent, and hides the lines it is told to', () => {
    expect(capture({ level: 'silent' }).lines).toEqual([]);
    const { log, json } = capture({ hide: (message) => message.startsWith('Server listening at') });
    log.info('Server listening at http://127.0.0.1:4567');
    log.info('kept');
    expect(json().map((l) => l.msg)).toEqual(['kept']);
  });

  it('knows the levels and formats an operator may ask for', () => {
    expect(LOG_LEVELS).toEqual(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);
    expect([isLogLevel('debug'), isLogLevel('verbose'), isLogFormat('pretty'), isLogFormat('text')]).toEqual([true, false, true, false]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProject } from './fake-project';
import { createLogger } from './logger';
import { createTestServer, type TestServer } from './testing';

/** What the login calls answer (the auth plugin's LoginReply, as far as this test reads it). */
type LoginData = { userinfo: { token: string; refreshToken: string } };
type Line = Record<string, unknown> & { msg: string; level: number; reqId?: string };

/** A logger at info whose JSON lines the test reads, as a log collector would. */
function capturedLog() {
  const texts: string[] = [];
  const logger = createLogger({ level: 'info', write: (text) => texts.push(text) });
  const lines = () => texts.map((text) => JSON.parse(text) as Line);
  return { logger, lines, text: () => texts.join('') };
}

const completed = (lines: Line[], url: string) => lines.filter((l) => l.msg === 'request completed' && (l.req as { url: string }).url === url);

const project = fakeProject({
  boom: {
    descriptor: { id: 'boom', version: '1.0.0' },
    server: `
import * as z from 'zod/mini';
import { defineCall, shape } from '@kernel/core/contract';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

const fail = defineCall({ path: '/api/boom/fail', payload: z.object({}), reply: shape<null>(), summary: 'Fails like a bug' });
const gone = defineCall({ path: '/api/boom/gone', payload: z.object({}), reply: shape<null>(), summary: 'Its client went away' });

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(fail, async () => {
      throw new Error('disk full while saving the order of 13600008000');
    });
    api.handle(gone, async () => {
      throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    });
  },
});
`,
  },
});

describe('request lines', () => {
  const log = capturedLog();
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ root: project.root, logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
    project.remove();
  });

  it('logs each answered request once, with its reqId, method, URL, status and time', async () => {
    await t.call('/api/index/getServerTime');
    await t.call('/api/index/getServerTime');
    const lines = completed(log.lines(), '/api/index/getServerTime');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ level: 30, req: { method: 'POST' }, res: { statusCode: 200 }, reqId: expect.stringMatching(/^req-/) });
      expect(typeof line.responseTime).toBe('number');
    }
    expect(lines[0].reqId).not.toBe(lines[1].reqId);
    expect(log.lines().filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('logs a 500 once, with method, URL, reqId and the stack, its text censored', async () => {
    const reply = await t.call('/api/boom/fail', {});
    expect(reply.status).toBe(500);
    const errors = log.lines().filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error).toMatchObject({ msg: 'call failed', req: { method: 'POST', url: '/api/boom/fail' } });
    expect(error.reqId).toBe(completed(log.lines(), '/api/boom/fail')[0].reqId);
    expect((error.err as { stack: string }).stack).toMatch(/^Error: disk full while saving the order of 136\*\*\*\*8000\n\s+at /);
    expect(log.text()).not.toContain('13600008000');
  });

  it('logs no error when the client went away before the reply (a stream closed early)', async () => {
    const before = log.lines().filter((l) => l.level >= 50).length;
    expect((await t.call('/api/boom/gone', {})).status).toBe(500);
    expect(log.lines().filter((l) => l.level >= 50)).toHaveLength(before);
  });
});

describe('a login and SMS code flow', () => {
  const log = capturedLog();
  let t: TestServer;
  beforeAll(async () => {
    t = await createTestServer({ plugins: ['auth'], logger: log.logger });
  });
  afterAll(() => t.close());

  it('leaves no code, mobile, token or password in the log', async () => {
    const mobile = '13700137000';
    const password = 'Secret-pass-42';
    await t.createUser({ username: 'ann', mobile, email: 'ann@example.com', password });
    expect((await t.call('/api/Sms/send', { mobile, template_code: 'mobilelogin' })).body.code).toBe(1);
    const code = await t.lastCode(mobile);
    const byCode = await t.call<LoginData>('/api/user/mobilelogin', { mobile, captcha: code });
    const byPassword = await t.call<LoginData>('/api/user/login', { account: mobile, password });
    const { token, refreshToken } = byPassword.body.data.userinfo;
    expect([byCode.body.code, byPassword.body.code]).toEqual([1, 1]);
    expect((await t.call('/api/user/logout', { refresh_token: refreshToken }, { token })).body.code).toBe(1);

    const text = log.text();
    const secrets = [mobile, code, password, token, refreshToken, byCode.body.data.userinfo.token, byCode.body.data.userinfo.refreshToken];
    for (const secret of secrets) expect(text, `the log shows ${secret}`).not.toContain(secret);
    // The flow was logged: the outbox line names the channel and the masked mobile, each call has its line.
    expect(log.lines().map((l) => l.msg)).toContain('outbox sms → 137****7000: kept in the outbox, read it with `storefront outbox`');
    expect(completed(log.lines(), '/api/user/mobilelogin')).toHaveLength(1);
    expect(completed(log.lines(), '/api/user/logout')).toHaveLength(1);
  });
});

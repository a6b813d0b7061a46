/**
 * An over-size request answers 413 with "request too large" in the caller's language — the
 * text the browser's service-error modal shows for that status — never a generic server problem.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusMessage } from '../core/catalogue';
import { createTestServer, type TestServer, type TestUser } from './testing';
import { HARD_LIMIT } from './uploads';

let t: TestServer;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
  ann = await t.createUser();
});
afterAll(() => t.close());

const TEXT = { 'zh-Hans': '请求内容过大！', en: 'Request too large!' } as const;

describe('a request too large', () => {
  it('answers a JSON body over the limit with 413 and the text in zh-Hans and en', async () => {
    const payload = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 1) });
    for (const lang of ['zh-Hans', 'en'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/index/getServerTime',
        headers: { ...t.signedHeaders(), 'content-type': 'application/json', lang },
        payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 0, msg: TEXT[lang] });
    }
  });

  it('answers an upload that says it is over the hard limit with 413 before reading it', async () => {
    const boundary = `----sf${crypto.randomBytes(8).toString('hex')}`;
    for (const lang of ['zh-Hans', 'en'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ajax/uploadApp',
        headers: {
          ...t.signedHeaders(),
          token: ann.token,
          lang,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(HARD_LIMIT + 1),
        },
        payload: `--${boundary}--\r\n`,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 0, msg: TEXT[lang] });
    }
  });

  it("is the text the browser's service-error modal shows for 413", () => {
    expect(statusMessage(413)).toEqual({ key: 'http.413', params: {} });
  });
});

/**
 * The providers behind a real shop: the auth plugin's code calls through the real app factory,
 * e-mail arriving at a local SMTP server, SMS at a stand-in for Aliyun's endpoint.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tests/bench/processes';
import { createApp } from '../../app';
import { signHeaders } from '../../pipeline/signature';
import { injectCall } from '../../test-call';
import { REPO_ROOT, TEST_APP } from '../../testing';
import type { MessagesConfig } from './config';
import { startTestAliyunEndpoint, type TestAliyunEndpoint } from './test-aliyun-endpoint';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';

interface Shop {
  app: FastifyInstance;
  log: string[];
  call(path: string, payload: object, lang?: string): Promise<{ code: number; msg: string }>;
  close(): Promise<void>;
}

/** A shop with the auth plugin only, its log kept as lines. */
async function openShop(messages: MessagesConfig): Promise<Shop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-messages-'));
  const siteFile = path.join(dir, 'site.json');
  fs.writeFileSync(siteFile, JSON.stringify({ site: { siteName: '优选商城' }, app: TEST_APP, plugins: { auth: { enabled: true } } }));
  const log: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void log.push(line) });
  const app = await createApp({ root: REPO_ROOT, dataDir: path.join(dir, 'data'), site: 'test', siteFile, only: ['auth'], logger, messages, backgroundCheckpoints: false });
  return {
    app,
    log,
    async call(url, payload, lang = 'zh-Hans') {
      const { body } = await injectCall(app, () => signHeaders(TEST_APP, Date.now()), url, payload, { lang });
      return body as { code: number; msg: string };
    },
    async close() {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

let smtp: TestSmtpServer;
let aliyun: TestAliyunEndpoint;
let shop: Shop;
beforeAll(async () => {
  [smtp, aliyun] = await Promise.all([startTestSmtpServer({ user: 'shop', pass: 'pw' }), startTestAliyunEndpoint()]);
  shop = await openShop({
    email: { transport: 'smtp', url: smtp.url, from: '优选商城 <no-reply@shop.example>' },
    sms: { transport: 'aliyun', accessKeyId: 'LTAI-test', accessKeySecret: 'secret', signName: '优选商城', templateCode: 'SMS_461098', endpoint: aliyun.url },
  });
});
afterAll(async () => {
  await shop?.close();
  await Promise.all([smtp?.close(), aliyun?.close()]);
});

const outboxRows = (app: FastifyInstance) => app.storefront.db.selectFrom('kernel_outbox').select(['channel', 'target']).execute();

describe('codes that reach real people', () => {
  it('e-mails a registration code through SMTP, and the code that arrives is the one the shop accepts', async () => {
    expect(await shop.call('/api/Ems/send', { email: 'ann@example.com', event: 'register' })).toMatchObject({ code: 1 });

    const mail = await smtp.next();
    expect(mail).toMatchObject({ envelope: { from: 'no-reply@shop.example', to: ['ann@example.com'] }, from: '优选商城 <no-reply@shop.example>', subject: '优选商城验证码' });
    const code = /您的验证码是 (\d{6})，5 分钟内有效。$/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await shop.app.storefront.services.codes.verify({ channel: 'email', target: 'ann@example.com', event: 'register', code: code! });
    expect(await outboxRows(shop.app)).toEqual([]);
  });

  it('texts a code through Aliyun’s template, and that code is the one the shop accepts', async () => {
    aliyun.answer(200, { Code: 'OK', Message: 'OK', RequestId: 'R1', BizId: '1^0' });
    expect(await shop.call('/api/Sms/send', { mobile: '13800000001', template_code: 'register' })).toMatchObject({ code: 1 });

    const request = aliyun.requests.at(-1)!;
    expect(request.params.get('PhoneNumbers')).toBe('13800000001');
    const { code } = JSON.parse(request.params.get('TemplateParam')!) as { code: string };
    await shop.app.storefront.services.codes.verify({ channel: 'sms', target: '13800000001', event: 'register', code });
    expect(await outboxRows(shop.app)).toEqual([]);
  });

  it('refuses in the shopper’s language when Aliyun refuses, and logs why for the operator without the number or the code', async () => {
    aliyun.answer(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'R2' });
    expect(await shop.call('/api/Sms/send', { mobile: '13800000002', template_code: 'register' })).toMatchObject({ code: 0, msg: '短信发送失败，请稍后再试' });
    expect(await shop.call('/api/Sms/send', { mobile: '13800000003', template_code: 'register' }, 'en')).toMatchObject({
      code: 0,
      msg: 'The text message could not be sent; please try again later',
    });

    const failures = shop.log.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50);
    expect(failures.map((line) => line.msg)).toEqual([
      'sms to 138****0002 not delivered (aliyun): Aliyun SMS refused the message: isv.BUSINESS_LIMIT_CONTROL “触发分钟级流控Permits:1” (HTTP 200, RequestId R2)',
      'sms to 138****0003 not delivered (aliyun): Aliyun SMS refused the message: isv.BUSINESS_LIMIT_CONTROL “触发分钟级流控Permits:1” (HTTP 200, RequestId R2)',
    ]);
    const codes = aliyun.requests.slice(-2).map((r) => (JSON.parse(r.params.get('TemplateParam')!) as { code: string }).code);
    for (const secret of ['13800000002', '13800000003', ...codes]) expect(shop.log.join('\n')).not.toContain(secret);
  });

  it('refuses an e-mail code when the mail server is gone', async () => {
    const gone = `smtp://127.0.0.1:${await freePort()}`;
    const elsewhere = await openShop({ email: { transport: 'smtp', url: gone, from: 'no-reply@shop.example' } });
    try {
      expect(await elsewhere.call('/api/Ems/send', { email: 'bob@example.com', event: 'register' }, 'en')).toMatchObject({
        code: 0,
        msg: 'The e-mail could not be sent; please try again later',
      });
      expect(elsewhere.log.join('\n')).toContain(`email to bo***@example.com not delivered (smtp): the SMTP server ${gone} did not take the message`);
      // SMS was left to the outbox, where it still goes.
      expect(await elsewhere.call('/api/Sms/send', { mobile: '13800000004', template_code: 'register' })).toMatchObject({ code: 1 });
      expect(await outboxRows(elsewhere.app)).toEqual([{ channel: 'sms', target: '13800000004' }]);
    } finally {
      await elsewhere.close();
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../../tests/bench/processes';
import { DeliveryError } from '../transport';
import { rpcSignature } from './aliyun-rpc-signature';
import { AliyunSmsTransport, type AliyunSmsOptions } from './aliyun-sms';
import { startTestAliyunEndpoint, type TestAliyunEndpoint } from './test-aliyun-endpoint';

let aliyun: TestAliyunEndpoint;
beforeAll(async () => {
  aliyun = await startTestAliyunEndpoint();
});
afterAll(() => aliyun.close());
beforeEach(() => {
  aliyun.requests.length = 0;
  aliyun.answer(200, { Code: 'OK', Message: 'OK', RequestId: 'R0', BizId: '1^0' });
});

const settings = (more: Partial<AliyunSmsOptions> = {}): AliyunSmsOptions => ({
  accessKeyId: 'LTAI-test',
  accessKeySecret: 'secret-of-the-shop',
  signName: '优选商城',
  templateCode: 'SMS_461098',
  endpoint: aliyun.url,
  now: () => Date.UTC(2026, 10, 28, 1, 2, 3, 456),
  ...more,
});
const code = { channel: 'sms' as const, target: '13800138000', subject: '优选商城验证码', body: '【优选商城】您的验证码是 461098，5 分钟内有效。', code: '461098' };
const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as Error);

describe('SMS through Aliyun', () => {
  it('posts a signed SendSms request that fills the template with the code', async () => {
    await new AliyunSmsTransport(settings()).deliver(code);

    expect(aliyun.requests).toHaveLength(1);
    const [{ method, contentType, params }] = aliyun.requests;
    expect(method).toBe('POST');
    expect(contentType).toBe('application/x-www-form-urlencoded');
    const fields = Object.fromEntries(params);
    expect(fields).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      RegionId: 'cn-hangzhou',
      Format: 'JSON',
      AccessKeyId: 'LTAI-test',
      PhoneNumbers: '13800138000',
      SignName: '优选商城',
      TemplateCode: 'SMS_461098',
      TemplateParam: '{"code":"461098"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Timestamp: '2026-11-28T01:02:03Z',
    });
    expect(fields.SignatureNonce).toMatch(/^[0-9a-f-]{36}$/);
    // As Aliyun checks it: the signature of every other parameter, with the shop's secret.
    const { Signature, ...signed } = fields;
    expect(Signature).toBe(rpcSignature('POST', signed, 'secret-of-the-shop'));
    expect(JSON.stringify(fields)).not.toContain('secret-of-the-shop');
  });

  it('uses a new nonce for every request', async () => {
    const transport = new AliyunSmsTransport(settings());
    await transport.deliver(code);
    await transport.deliver(code);
    const [first, second] = aliyun.requests.map((r) => r.params.get('SignatureNonce'));
    expect(first).not.toBe(second);
  });

  it('fails with Aliyun’s code, message and request id when the reply is not OK', async () => {
    aliyun.answer(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' });
    const error = await failure(new AliyunSmsTransport(settings()).deliver(code));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error?.message).toBe(
      'Aliyun SMS refused the message: isv.BUSINESS_LIMIT_CONTROL “触发分钟级流控Permits:1” (HTTP 200, RequestId F655A8D5-B967-440B-8683-DAD6FF8DE990)',
    );
  });

  it('names the setting to check when Aliyun refuses the credentials or the template', async () => {
    aliyun.answer(400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'R2' });
    expect((await failure(new AliyunSmsTransport(settings()).deliver(code)))?.message).toMatch(/SignatureDoesNotMatch .*HTTP 400.*; check ALIYUN_ACCESS_KEY_SECRET$/);
    aliyun.answer(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '该账号下找不到对应模板', RequestId: 'R3' });
    expect((await failure(new AliyunSmsTransport(settings()).deliver(code)))?.message).toMatch(/; check ALIYUN_SMS_TEMPLATE_CODE/);
  });

  it('fails on an answer that is not a SendSms reply', async () => {
    aliyun.answer(502, '<html>Bad Gateway</html>');
    const error = await failure(new AliyunSmsTransport(settings()).deliver(code));
    expect(error?.message).toBe(`Aliyun SMS at ${aliyun.url} answered HTTP 502 without a SendSms reply: <html>Bad Gateway</html>`);
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    aliyun.hang();
    const error = await failure(new AliyunSmsTransport(settings({ timeoutMs: 200 })).deliver(code));
    expect(error?.message).toBe(`Aliyun SMS at ${aliyun.url} could not be reached: no answer within 0.2 s`);
    expect(aliyun.requests).toHaveLength(1);
  });

  it('fails when the endpoint cannot be reached', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}/`;
    const error = await failure(new AliyunSmsTransport(settings({ endpoint })).deliver(code));
    expect(error).toBeInstanceOf(DeliveryError);
    expect(error?.message).toBe(`Aliyun SMS at ${endpoint} could not be reached: ECONNREFUSED`);
  });

  it('refuses a message without a code: Aliyun sends approved templates only', async () => {
    const { code: _, ...notice } = code;
    const error = await failure(new AliyunSmsTransport(settings()).deliver(notice));
    expect(error?.message).toMatch(/carries no code/);
    expect(aliyun.requests).toHaveLength(0);
  });
});

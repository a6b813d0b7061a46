/**
 * SMS through Aliyun (Dysmsapi `SendSms`, API 2017-05-25) over HTTPS: a signed POST
 * (./aliyun-rpc-signature.ts) filling the approved template with `{"code": …}` under the
 * approved sign name. A reply whose `Code` is not `OK` is a refusal: a DeliveryError naming
 * Aliyun's code, message and request id, with a hint at the setting to check where one applies.
 */
import crypto from 'node:crypto';
import { DeliveryError, type OutgoingMessage, type Transport } from '../transport';
import { canonicalQuery, rpcSignature } from './aliyun-rpc-signature';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature (签名名称), shown as 【…】 before the text. */
  signName: string;
  /** The approved template (模板 CODE, `SMS_…`); its variable is `${code}`. */
  templateCode: string;
  /** Default ALIYUN_SMS_ENDPOINT; tests point it at a local server. */
  endpoint?: string;
  /** How long to wait for Aliyun's answer (default 10 s): a shopper is waiting for the code. */
  timeoutMs?: number;
  /** Wall-clock time for the request's Timestamp (Aliyun refuses one more than 15 minutes off). */
  now?: () => number;
}

/** What to check when Aliyun refuses for a setting's sake. */
const HINTS: Record<string, string> = {
  'InvalidAccessKeyId.NotFound': 'check ALIYUN_ACCESS_KEY_ID',
  SignatureDoesNotMatch: 'check ALIYUN_ACCESS_KEY_SECRET',
  'isv.SMS_SIGNATURE_ILLEGAL': 'check ALIYUN_SMS_SIGN_NAME (an approved sign name of this account)',
  'isv.SMS_TEMPLATE_ILLEGAL': 'check ALIYUN_SMS_TEMPLATE_CODE (an approved template of this account)',
  'isv.TEMPLATE_MISSING_PARAMETERS': 'the template must have one variable, ${code}',
  'isv.AMOUNT_NOT_ENOUGH': 'the Aliyun account needs topping up',
};

interface SendSmsReply {
  Code?: string;
  Message?: string;
  RequestId?: string;
}

export class AliyunSmsTransport implements Transport {
  private readonly endpoint: string;

  constructor(private readonly options: AliyunSmsOptions) {
    this.endpoint = options.endpoint ?? ALIYUN_SMS_ENDPOINT;
  }

  async deliver(message: OutgoingMessage): Promise<void> {
    if (message.code === undefined) {
      throw new DeliveryError(`Aliyun SMS sends approved templates only, and the message "${message.subject}" carries no code to fill one with`);
    }
    const { accessKeyId, accessKeySecret, signName, templateCode } = this.options;
    const params: Record<string, string> = {
      AccessKeyId: accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.target,
      RegionId: 'cn-hangzhou',
      SignName: signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: new Date(this.options.now?.() ?? Date.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const body = canonicalQuery({ ...params, Signature: rpcSignature('POST', params, accessKeySecret) });
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : causeOf(error);
      throw new DeliveryError(`Aliyun SMS at ${this.endpoint} could not be reached: ${why}`);
    }
    const text = await response.text();
    const reply = parseReply(text);
    if (reply?.Code === 'OK') return;
    if (!reply?.Code) {
      throw new DeliveryError(`Aliyun SMS at ${this.endpoint} answered HTTP ${response.status} without a SendSms reply: ${text.slice(0, 200)}`);
    }
    const hint = HINTS[reply.Code];
    throw new DeliveryError(
      `Aliyun SMS refused the message: ${reply.Code} “${reply.Message ?? ''}” (HTTP ${response.status}, RequestId ${reply.RequestId ?? 'none'})${hint ? `; ${hint}` : ''}`,
    );
  }
}

function parseReply(text: string): SendSmsReply | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as SendSmsReply) : null;
  } catch {
    return null;
  }
}

/** fetch's "fetch failed" hides the reason (refused, unknown host…) in `cause`. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? String(error);
}

import SparkMD5 from 'spark-md5';
import { describe, expect, it } from 'vitest';
import { checkSignature, signHeaders } from './signature';

const app = { key: 'k1', secret: 's3cr3t' };
const now = 1_700_000_000_000;
const lower = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

describe('request signature', () => {
  it('accepts md5(key + secret + timestamp), as the browser signer computes it', () => {
    const headers = lower(signHeaders(app, now));
    expect(headers.authorization).toBe(SparkMD5.hash(`k1s3cr3t${headers.timestamp}`));
    expect(checkSignature(headers, app, now)).toBeNull();
    expect(checkSignature({ ...headers, authorization: headers.authorization.toUpperCase() }, app, now)).toBeNull();
  });

  it('refuses another app key, a tampered signature or a missing one', () => {
    const headers = lower(signHeaders(app, now));
    expect(checkSignature({ ...headers, 'app-key': 'k2' }, app, now)).toBe('kernel:message.signature_invalid');
    expect(checkSignature({ ...headers, authorization: '0'.repeat(32) }, app, now)).toBe('kernel:message.signature_invalid');
    expect(checkSignature({ ...headers, authorization: undefined }, app, now)).toBe('kernel:message.signature_invalid');
    // Re-signing with a changed timestamp but the old hash fails.
    expect(checkSignature({ ...headers, timestamp: String(Number(headers.timestamp) + 1) }, app, now)).toBe(
      'kernel:message.signature_invalid',
    );
  });

  it('refuses timestamps more than 300 s away and ones that are not numbers', () => {
    expect(checkSignature(lower(signHeaders(app, now - 300_000)), app, now)).toBeNull();
    expect(checkSignature(lower(signHeaders(app, now + 300_000)), app, now)).toBeNull();
    expect(checkSignature(lower(signHeaders(app, now - 301_000)), app, now)).toBe('kernel:message.timestamp_invalid');
    expect(checkSignature(lower(signHeaders(app, now + 301_000)), app, now)).toBe('kernel:message.timestamp_invalid');
    expect(checkSignature({ ...lower(signHeaders(app, now)), timestamp: 'soon' }, app, now)).toBe('kernel:message.timestamp_invalid');
  });
});

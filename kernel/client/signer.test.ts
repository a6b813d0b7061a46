import { describe, expect, it } from 'vitest';
import { APP_USE, authorization, langHeader, signHeaders } from './signer';

describe('request signer', () => {
  it('signs with md5(key + secret + timestamp)', () => {
    // Reference value from `echo -n "storefront-demod3m0-s3cr3t-not-a-boundary1700000000" | md5sum`.
    expect(authorization('storefront-demo', 'd3m0-s3cr3t-not-a-boundary', '1700000000')).toBe('70af218007a2373e7b44b49c4766ada1');
  });

  it('sends every header of spec §7 with a unix-second timestamp', () => {
    const headers = signHeaders({
      appKey: 'storefront-demo',
      appSecret: 'd3m0-s3cr3t-not-a-boundary',
      lang: 'zh-Hans',
      token: 'tok-1',
      nowMillis: 1_700_000_000_999,
    });
    expect(headers).toEqual({
      'App-Use': APP_USE,
      Lang: 'zh-cn',
      Token: 'tok-1',
      Timestamp: '1700000000',
      'App-Key': 'storefront-demo',
      Authorization: '70af218007a2373e7b44b49c4766ada1',
    });
  });

  it('names the languages as the server expects', () => {
    expect(langHeader('zh-Hans')).toBe('zh-cn');
    expect(langHeader('en')).toBe('en');
  });
});

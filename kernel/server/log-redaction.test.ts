import { describe, expect, it } from 'vitest';
import { censorText, maskTarget } from './log-redaction';

describe('what a log may show', () => {
  it('masks a message target: a mobile keeps its first 3 and last 4 digits, an address its first letter and domain', () => {
    expect([maskTarget('13600008000'), maskTarget('+8613600008000'), maskTarget('ann.lee@shop.example.cn')]).toEqual(['136****8000', '+86136****8000', 'a***@shop.example.cn']);
  });

  it('leaves longer numbers alone: an order number or a timestamp is not a mobile', () => {
    expect(censorText('order 202611281360000800012 paid at 1795830615026')).toBe('order 202611281360000800012 paid at 1795830615026');
  });

  it('censors tokens, passwords and codes in URLs, JSON text and sentences, and keeps the rest', () => {
    expect(censorText('/api/socket?token=a1b2c3&lang=en')).toBe('/api/socket?token=[redacted]&lang=en');
    expect(censorText('{"password":"hunter22","refresh_token":"rt-9","name":"ann"}')).toBe('{"password":"[redacted]","refresh_token":"[redacted]","name":"ann"}');
    expect(censorText('Authorization: Bearer eyJhbGciOi.x.y')).toBe('Authorization: Bearer [redacted]');
    expect(censorText('【优选商城】您的验证码是 461098，5分钟内有效')).toBe('【优选商城】您的验证码是 [redacted]，5分钟内有效');
    expect(censorText('your code 461098 expires soon')).toBe('your code [redacted] expires soon');
  });
});

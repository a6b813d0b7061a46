import { describe, expect, it } from 'vitest';
import { newRequestKey, REQUEST_KEY } from './request-key';

describe('request keys', () => {
  it('are 32 hex digits, new each time, and pass the contracts’ pattern', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newRequestKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(REQUEST_KEY);
    expect(newRequestKey(undefined)).toMatch(/^[0-9a-f]{32}$/);
  });
});

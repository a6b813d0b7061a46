import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like';

describe('LIKE patterns', () => {
  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('100%')).toBe('100\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('c:\\x')).toBe('c:\\\\x');
    expect(containsPattern('Pro_MAX%')).toBe('%pro\\_max\\%%');
  });
});

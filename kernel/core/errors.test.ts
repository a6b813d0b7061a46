import { describe, expect, it } from 'vitest';
import { BizError } from './errors';

describe('BizError', () => {
  it('is a refusal without a captured stack, and leaves other errors their stacks', () => {
    const refusal = new BizError('order:message.stock_short', { name: 'x' });
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal.message).toBe('order:message.stock_short');
    expect(refusal.stack).toBe('BizError: order:message.stock_short');
    expect(new Error('a fault').stack).toMatch(/\n\s+at /);
  });
});

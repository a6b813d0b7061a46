import { describe, expect, it } from 'vitest';
import { pendingBadge } from './pending-store';

describe('the balance page\'s pending cash-out line', () => {
  it('shows the amount held, and nothing when none is', () => {
    expect(pendingBadge({ pending: '150.00' })).toBe('¥150.00');
    expect(pendingBadge({ pending: '0.01' })).toBe('¥0.01');
    expect(pendingBadge({ pending: '0.00' })).toBeNull();
  });
});

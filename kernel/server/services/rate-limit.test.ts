import { describe, expect, it } from 'vitest';
import { BizError } from '../../core/errors';
import { TestClock } from '../clock';
import { createRateLimit } from './rate-limit';

describe('rate limit', () => {
  it('refuses past the limit within the window and says how long to wait', () => {
    const clock = new TestClock(0);
    const limit = createRateLimit(clock);
    limit.hit('login:ann', 2, 60);
    clock.advance(10_000);
    limit.hit('login:ann', 2, 60);
    let error: unknown;
    try {
      limit.hit('login:ann', 2, 60);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BizError);
    expect((error as BizError).key).toBe('kernel:message.too_many');
    expect((error as BizError).params).toEqual({ seconds: 50 });
  });

  it('slides: an old hit leaves the window', () => {
    const clock = new TestClock(0);
    const limit = createRateLimit(clock);
    limit.hit('k', 1, 60);
    clock.advance(60_000);
    expect(() => limit.hit('k', 1, 60)).not.toThrow();
    expect(() => limit.hit('other', 1, 60)).not.toThrow();
  });

  it('forgets a key on reset', () => {
    const limit = createRateLimit(new TestClock(0));
    limit.hit('k', 1, 60);
    limit.reset('k');
    expect(() => limit.hit('k', 1, 60)).not.toThrow();
  });

  it('takes back only the newest attempt on undo', () => {
    const limit = createRateLimit(new TestClock(0));
    limit.hit('k', 2, 60);
    limit.hit('k', 2, 60);
    limit.undo('k');
    expect(() => limit.hit('k', 2, 60)).not.toThrow();
    expect(() => limit.hit('k', 2, 60)).toThrow(BizError);
    expect(() => limit.undo('never-hit')).not.toThrow();
  });
});

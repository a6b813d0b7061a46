import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedBroadcasts } from './broadcasts';

afterEach(() => vi.useRealTimers());

const notice = (n: number) => ({ type: 'notice', n });

describe('batched broadcasts', () => {
  it('sends the first after a quiet spell at the end of the turn, with what else the turn broadcast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'clearTimeout', 'clearImmediate', 'performance'] });
    const sent: unknown[][] = [];
    const broadcasts = batchedBroadcasts((messages) => sent.push([...messages]), 50);
    broadcasts.add(notice(1));
    broadcasts.add(notice(2));
    expect(sent).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(sent).toEqual([[notice(1), notice(2)]]);
  });

  it('while they keep coming, sends at most one batch per window, every message in order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'clearTimeout', 'clearImmediate', 'performance'] });
    const sent: unknown[][] = [];
    const broadcasts = batchedBroadcasts((messages) => sent.push([...messages]), 50);
    broadcasts.add(notice(1));
    await vi.advanceTimersToNextTimerAsync();
    for (let n = 2; n <= 5; n++) {
      broadcasts.add(notice(n));
      vi.advanceTimersByTime(10);
    }
    expect(sent).toEqual([[notice(1)]]);
    vi.advanceTimersByTime(10);
    expect(sent).toEqual([[notice(1)], [2, 3, 4, 5].map(notice)]);
    // A quiet spell past the window: the next one leaves at once again.
    vi.advanceTimersByTime(100);
    broadcasts.add(notice(6));
    await vi.advanceTimersToNextTimerAsync();
    expect(sent.at(-1)).toEqual([notice(6)]);
  });

  it('drops what has not left once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'clearTimeout', 'clearImmediate', 'performance'] });
    const sent: unknown[][] = [];
    const broadcasts = batchedBroadcasts((messages) => sent.push([...messages]), 50);
    broadcasts.add(notice(1));
    broadcasts.stop();
    await vi.runAllTimersAsync();
    expect(sent).toEqual([]);
  });
});

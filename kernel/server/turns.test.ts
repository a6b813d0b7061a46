import { describe, expect, it } from 'vitest';
import { turns } from './turns';

/** A run that ends when the test says. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('turns', () => {
  it('runs at most `size` at once and the others in order of arrival, even when a run fails', async () => {
    const turn = turns(2);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      turn(async () => {
        started.push(i);
        await g.opened;
        if (i === 0) throw new Error('the first run fails');
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[0].open();
    await expect(runs[0]).rejects.toThrow('the first run fails');
    expect(started).toEqual([0, 1, 2]);
    gates[2].open();
    await runs[2];
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs.slice(1))).toEqual([1, 2, 3, 4]);
    // Every place is free again: two more start at once.
    const more = [gate(), gate()];
    const next = more.map((g, i) => turn(async () => (started.push(10 + i), await g.opened)));
    await Promise.resolve();
    expect(started.slice(-2)).toEqual([10, 11]);
    for (const g of more) g.open();
    await Promise.all(next);
  });
});

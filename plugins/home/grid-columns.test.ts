import { describe, expect, it } from 'vitest';
import { gridColumns } from './grid-columns';

describe("the home grid's columns", () => {
  it('puts up to five shortcuts in one full row', () => {
    expect([1, 2, 3, 4, 5].map(gridColumns)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lays out more in the rows that leave the fewest empty slots, the widest on a tie', () => {
    expect([6, 7, 8, 9, 10, 11, 12].map(gridColumns)).toEqual([3, 4, 4, 3, 5, 4, 4]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ID } from '../../core/first-screen';
import { dropFirstPaint } from './first-paint';

describe("the server's first paint", () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('goes two frames after what replaces it has committed', () => {
    vi.useFakeTimers();
    document.body.innerHTML = `<div id="${FIRST_PAINT_ID}"></div><div id="app"></div>`;
    dropFirstPaint();
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    vi.advanceTimersByTime(100);
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});

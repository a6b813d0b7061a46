import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_ID, STORED_LANGUAGE_KEY } from '../../core/first-screen';
import { createStorage } from '../storage';
import { LANGUAGE_KEY } from '../i18n';
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

  it("reads the shopper's language where the kernel stores it", () => {
    createStorage({ area: localStorage }).set(LANGUAGE_KEY, 'en');
    expect(JSON.parse(localStorage.getItem(STORED_LANGUAGE_KEY) ?? 'null')).toBe('en');
  });
});

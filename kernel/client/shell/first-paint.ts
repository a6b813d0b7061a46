/**
 * The server's static first paint (kernel/server/first-paint.ts) lies over the app until the first
 * page, error or notice has mounted beneath it. It goes two frames later, once that content has
 * painted (the banner's picture decoded), so the shopper never sees a frame without it.
 */
import { useEffect } from 'react';
import { FIRST_PAINT_ID } from '../../core/first-screen';

export function dropFirstPaint(doc: Document = document): void {
  const paint = doc.getElementById(FIRST_PAINT_ID);
  if (!paint) return;
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (run: () => void) => setTimeout(run, 16);
  frame(() => frame(() => paint.remove()));
}

/** Rendered with what replaces the paint: drops it once that has committed. */
export function FirstPaintGone(): null {
  useEffect(() => dropFirstPaint(), []);
  return null;
}

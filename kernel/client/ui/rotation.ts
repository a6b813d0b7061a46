/**
 * Turning through items on a timer (the Swiper's slides, the NoticeBar's notices). Turning stops
 * while the shopper points at, presses or focuses the component (WCAG 2.2.2: moving content must
 * hold still while someone reads or operates it) and while the browser tab is hidden.
 */
import { useCallback, useEffect, useState, type FocusEvent, type PointerEvent } from 'react';

type Hold = 'focus' | 'hover' | 'press' | 'paused';

export interface Rotation {
  /** Always within [0, count). */
  index: number;
  /** Goes to an item; wraps around at both ends. */
  go: (next: number) => void;
  /** Holds (or releases) the rotation, e.g. while a finger is down. */
  hold: (reason: Hold, on: boolean) => void;
  /** Spread onto the component's root: focus inside it or a mouse over it holds the rotation. */
  holdOnAttention: {
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
    onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
    onPointerLeave: (event: PointerEvent<HTMLElement>) => void;
  };
  /** The timer is turning (there are several items and nothing holds it). */
  turning: boolean;
}

/** `interval` in milliseconds; 0 never turns by itself. */
export function useRotation(count: number, interval: number): Rotation {
  const [index, setIndex] = useState(0);
  const [holds, setHolds] = useState<readonly Hold[]>([]);
  const turning = interval > 0 && count > 1 && holds.length === 0;

  useEffect(() => {
    if (!turning) return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || !document.hidden) setIndex((i) => (i + 1) % count);
    }, interval);
    return () => clearInterval(timer);
  }, [turning, interval, count]);

  const go = useCallback((next: number) => setIndex(count > 0 ? ((next % count) + count) % count : 0), [count]);
  const hold = useCallback(
    (reason: Hold, on: boolean) =>
      setHolds((current) => (on ? (current.includes(reason) ? current : [...current, reason]) : current.filter((r) => r !== reason))),
    [],
  );

  return {
    index: count > 0 ? index % count : 0,
    go,
    hold,
    turning,
    holdOnAttention: {
      onFocus: () => hold('focus', true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold('focus', false);
      },
      // Touch screens send enter without a reliable leave: only a mouse hovers.
      onPointerEnter: (event) => event.pointerType === 'mouse' && hold('hover', true),
      onPointerLeave: (event) => event.pointerType === 'mouse' && hold('hover', false),
    },
  };
}

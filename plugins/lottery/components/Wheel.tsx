/**
 * The prize wheel: eight segments with their labels, a fixed pointer at the top, and the draw
 * button in the middle. It turns to `rotation` (degrees) with a CSS transition, or at once when
 * `animate` is false (reduced motion), and calls `onStop` when it has come to rest.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { WheelPrize } from '../contract';
import { SLOT_ANGLE, SPIN_MS, slotAt } from '../spin';
import './wheel.css';

export interface WheelProps {
  prizes: readonly WheelPrize[];
  rotation: number;
  /** Spinning towards `rotation`: `onStop` follows the transition's end. */
  spinning: boolean;
  animate: boolean;
  onStop: () => void;
  /** The disc's accessible name: it should name the prizes, whose own text a picture hides. */
  label: string;
  /** The label of a prize that cannot be won any more. */
  soldOut: string;
  /** The draw button, in the hub. */
  children: ReactNode;
}

export function Wheel({ prizes, rotation, spinning, animate, onStop, label, soldOut, children }: WheelProps) {
  const stop = useRef(onStop);
  stop.current = onStop;

  // The transition's end stops it; a timer as well, for a tab in the background where none fires.
  useEffect(() => {
    if (!spinning) return;
    if (!animate) {
      stop.current();
      return;
    }
    const timer = window.setTimeout(() => stop.current(), SPIN_MS + 300);
    return () => window.clearTimeout(timer);
  }, [spinning, animate, rotation]);

  return (
    <div className="lottery-wheel">
      <div
        role="img"
        aria-label={label}
        className={`lottery-wheel__disc${animate ? ' lottery-wheel__disc--animated' : ''}`}
        style={{ transform: `rotate(${rotation}deg)` }}
        data-testid="lottery-disc"
        data-rotation={rotation}
        data-slot={spinning ? undefined : slotAt(rotation)}
        onTransitionEnd={(event) => {
          if (spinning && event.target === event.currentTarget) stop.current();
        }}
      >
        {prizes.map((prize) => (
          <div
            key={prize.slot}
            className={`lottery-wheel__segment${prize.available ? '' : ' lottery-wheel__segment--gone'}`}
            style={{ transform: `rotate(${prize.slot * SLOT_ANGLE + SLOT_ANGLE / 2}deg)` }}
            data-slot={prize.slot}
          >
            <span className="lottery-wheel__label">{prize.label}</span>
            {!prize.available && <span className="lottery-wheel__gone">{soldOut}</span>}
          </div>
        ))}
      </div>
      <div className="lottery-wheel__pointer" aria-hidden="true" />
      <div className="lottery-wheel__hub">{children}</div>
    </div>
  );
}

/**
 * A banner carousel without a dependency: slides side by side moved with a CSS transform,
 * autoplay that pauses while the pointer is down or the tab is hidden, dots, and swiping.
 */
import { Children, useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import './swiper.css';

export interface SwiperProps {
  children: ReactNode;
  /** Milliseconds between slides; 0 turns autoplay off (default 4000). */
  autoplay?: number;
  dots?: boolean;
  /** width / height of the carousel, e.g. 2.1 for the home banner. */
  ratio?: number;
  onChange?: (index: number) => void;
  className?: string;
}

const SWIPE_PX = 40;

export function Swiper({ children, autoplay = 4000, dots = true, ratio, onChange, className = '' }: SwiperProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const start = useRef<number | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  const go = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    if (index >= count && count > 0) setIndex(0);
  }, [count, index]);

  useEffect(() => changed.current?.(index), [index]);

  useEffect(() => {
    if (!autoplay || count < 2 || held) return;
    const timer = setInterval(() => {
      if (typeof document === 'undefined' || !document.hidden) setIndex((i) => (i + 1) % count);
    }, autoplay);
    return () => clearInterval(timer);
  }, [autoplay, count, held]);

  const onDown = (event: PointerEvent) => {
    start.current = event.clientX;
    setHeld(true);
  };
  const onUp = (event: PointerEvent) => {
    if (start.current !== null) {
      const dx = event.clientX - start.current;
      if (Math.abs(dx) > SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
    }
    start.current = null;
    setHeld(false);
  };

  if (count === 0) return null;
  return (
    <div
      className={`sf-swiper ${className}`}
      style={ratio ? { aspectRatio: String(ratio) } : undefined}
      onPointerDown={onDown}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      onPointerLeave={() => held && setHeld(false)}
      aria-roledescription="carousel"
    >
      <div className="sf-swiper__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((slide, i) => (
          <div key={i} className="sf-swiper__slide" aria-hidden={i !== index} role="group">
            {slide}
          </div>
        ))}
      </div>
      {dots && count > 1 && (
        <div className="sf-swiper__dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={`sf-swiper__dot${i === index ? ' sf-swiper__dot--active' : ''}`}
              aria-label={String(i + 1)}
              aria-current={i === index || undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}

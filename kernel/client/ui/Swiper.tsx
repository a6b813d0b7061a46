/**
 * A carousel without a dependency, after the WAI-ARIA carousel pattern: a named region with
 * `aria-roledescription="carousel"`, each slide a group labelled "2 / 3". Slides sit side by
 * side and move with a CSS transform; those out of view are `inert` (no focus, no clicks) and
 * `aria-hidden`, so keyboard and screen-reader users meet only the slide on screen and reach the
 * others with the dots or the arrow keys. Autoplay holds while the carousel is pointed at,
 * pressed or focused, and is off for visitors who ask for reduced motion.
 */
import { Children, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRotation } from './rotation';
import './swiper.css';

export interface SwiperProps {
  children: ReactNode;
  /** Milliseconds between slides; 0 turns autoplay off (default 4000). */
  autoplay?: number;
  dots?: boolean;
  /** A "2/5" counter in the corner (a picture gallery), instead of or beside the dots. */
  counter?: boolean;
  /** width / height of the carousel, e.g. 2.1 for the home banner. */
  ratio?: number;
  /** Accessible name of the carousel, already translated (default "Carousel"). */
  label?: string;
  onChange?: (index: number) => void;
  className?: string;
}

const SWIPE_PX = 40;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function Swiper({ children, autoplay = 4000, dots = true, counter = false, ratio, label, onChange, className = '' }: SwiperProps) {
  const { t } = useTranslation('kernel');
  const slides = Children.toArray(children);
  const count = slides.length;
  const [reducedMotion] = useState(prefersReducedMotion);
  const { index, go, hold, turning, holdOnAttention } = useRotation(count, reducedMotion ? 0 : autoplay);
  const start = useRef<number | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => changed.current?.(index), [index]);
  // WCAG 2.2.2: besides holding on attention, the visitor can stop the slides for good.
  const [paused, setPaused] = useState(false);
  useEffect(() => hold('paused', paused), [paused, hold]);
  const autoplays = !reducedMotion && autoplay > 0 && count > 1;

  const onDown = (event: PointerEvent) => {
    start.current = event.clientX;
    hold('press', true);
  };
  const onUp = (event: PointerEvent) => {
    if (start.current !== null) {
      const dx = event.clientX - start.current;
      if (Math.abs(dx) > SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
    }
    start.current = null;
    hold('press', false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  if (count === 0) return null;
  return (
    <section
      className={`sf-swiper ${className}`}
      style={ratio ? { aspectRatio: String(ratio) } : undefined}
      aria-roledescription="carousel"
      aria-label={label ?? t('ui.carousel')}
      onPointerDown={onDown}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      onKeyDown={onKeyDown}
      {...holdOnAttention}
      onPointerLeave={(event) => {
        holdOnAttention.onPointerLeave(event);
        start.current = null;
        hold('press', false);
      }}
    >
      {/* Announce a slide change the visitor asked for, not every autoplay turn. */}
      <div className="sf-swiper__track" style={{ transform: `translateX(-${index * 100}%)` }} aria-live={turning ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className="sf-swiper__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('ui.slide', { index: i + 1, count })}
            aria-hidden={i !== index || undefined}
            inert={i !== index || undefined}
          >
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
              aria-label={t('ui.go_to_slide', { index: i + 1 })}
              aria-current={i === index || undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
      {autoplays && (
        <button
          type="button"
          className={`sf-swiper__pause${paused ? ' sf-swiper__pause--paused' : ''}`}
          aria-label={t(paused ? 'ui.play_carousel' : 'ui.pause_carousel')}
          onClick={() => setPaused((p) => !p)}
        />
      )}
      {counter && count > 1 && (
        // The slides' own labels say where the visitor is; this is for the eye.
        <span className="sf-swiper__counter" aria-hidden="true">
          {index + 1}/{count}
        </span>
      )}
    </section>
  );
}

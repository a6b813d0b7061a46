/**
 * An image with the CDN prefix rule of spec §5 (the site's cdnUrl), lazy loading, and a neutral
 * placeholder when the source is missing or fails to load. An uploaded picture with a width in px
 * asks the server for a copy of about that size (kernel/core/image-widths.ts), not the original;
 * one sized by the layout (a ratio) offers the served widths (`srcset`) for the width `sizes` says.
 */
import { useContext, useState, type CSSProperties } from 'react';
import { cdnUrl } from '../../core/cdn';
import { COLUMN_SIZES, responsiveSrc, sizedSrc } from '../../core/image-widths';
import { KernelContext } from '../context';
import './img.css';

/** A grey picture frame, inlined so it shows even when the network is the problem. */
export const PLACEHOLDER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#ececec"/><path d="M11 27l6-7 4 5 3-3 5 5z" fill="#cfcfcf"/><circle cx="25" cy="15" r="2.5" fill="#cfcfcf"/></svg>',
  );

export interface ImgProps {
  src: string | null | undefined;
  alt?: string;
  /** Shown when `src` is empty or fails (default: a grey frame). */
  fallback?: string;
  /** width / height, e.g. 1 for square tiles; the image then fills the width. */
  ratio?: number;
  fit?: 'cover' | 'contain';
  round?: boolean;
  width?: number | string;
  height?: number | string;
  /**
   * How wide it shows when that is not a number of px (`width`), as `<img sizes>`: `min(50vw,
   * 225px)` for half the column. Default: the whole column.
   */
  sizes?: string;
  /** Default true; set false for above-the-fold images such as the first banner. */
  lazy?: boolean;
  className?: string;
}

/** The site's CDN prefix, read from the kernel when there is one. */
export function useCdn(): (value: string | null | undefined) => string {
  const kernel = useContext(KernelContext);
  const base = kernel?.site.config?.cdnUrl ?? '';
  return (value) => cdnUrl(value, base);
}

export function Img({ src, alt = '', fallback = PLACEHOLDER, ratio, fit = 'cover', round, width, height, sizes, lazy = true, className = '' }: ImgProps) {
  const cdn = useCdn();
  const responsive = src && typeof width !== 'number' ? responsiveSrc(src, cdn) : null;
  // Browsers without srcset (none current) get the largest served width rather than the original.
  const resolved = responsive ? responsive.src : cdn(src && sizedSrc(src, width));
  const [failed, setFailed] = useState<string | null>(null);
  const showFallback = !resolved || failed === resolved;
  const style: CSSProperties = { width, height, objectFit: fit };
  if (ratio) style.aspectRatio = String(ratio);
  return (
    <img
      className={`sf-img${round ? ' sf-img--round' : ''}${ratio ? ' sf-img--ratio' : ''}${showFallback ? ' sf-img--fallback' : ''} ${className}`}
      src={showFallback ? fallback : resolved}
      {...(responsive && !showFallback ? { srcSet: responsive.srcSet, sizes: sizes ?? COLUMN_SIZES } : {})}
      alt={alt}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      style={style}
      onError={() => setFailed(resolved)}
    />
  );
}

/**
 * The widths, in px, the server makes of an uploaded picture (`/uploads/…/x.jpg?w=128`,
 * kernel/server/images.ts): the 28 px header logo at 2× (64), avatars of 36–64 px (128),
 * thumbnails and avatars of 72–128 px (256), half and full phone width at 2× (375, 750).
 */
export const IMAGE_WIDTHS = [64, 128, 256, 375, 750] as const;

/** The column the app is laid out in, in CSS px (kernel/client/ui/theme.css, `--sf-column`). */
export const COLUMN_WIDTH = 450;
/** `<img sizes>` of a picture as wide as the column (a banner, a gallery): the default of a picture sized by the layout. */
export const COLUMN_SIZES = `min(100vw, ${COLUMN_WIDTH}px)`;

/** What the server resizes: an uploaded picture (a `/uploads/` path without a query) that is not a GIF or an SVG. */
const isResized = (src: string) => src.startsWith('/uploads/') && !src.includes('?') && !/\.(gif|svg)$/i.test(src);

/**
 * An uploaded picture shown `shown` CSS px wide asks for the smallest width covering a 2× screen
 * (the largest beyond). Other sources (absolute, data:, with a query, GIFs and SVGs) and pictures
 * of unknown width are left alone.
 */
export function sizedSrc(src: string, shown?: number | string): string {
  if (typeof shown !== 'number' || !isResized(src)) return src;
  return `${src}?w=${IMAGE_WIDTHS.find((width) => width >= shown * 2) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}`;
}

/**
 * An uploaded picture sized by the layout (a ratio, a share of the column): each served width
 * from 128 px with its `w` descriptor as `srcSet` (the browser picks by `sizes` and the screen's
 * density), and the largest as `src`; each URL through `cdn`. Null for what the server does not resize.
 */
export function responsiveSrc(src: string, cdn: (url: string) => string): { src: string; srcSet: string } | null {
  if (!isResized(src)) return null;
  const widths = IMAGE_WIDTHS.filter((width) => width >= 128);
  return {
    src: cdn(`${src}?w=${widths[widths.length - 1]}`),
    srcSet: widths.map((width) => `${cdn(`${src}?w=${width}`)} ${width}w`).join(', '),
  };
}

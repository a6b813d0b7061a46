/**
 * The widths, in px, the server makes of an uploaded picture (`/uploads/…/x.jpg?w=128`,
 * kernel/server/images.ts): the 28 px header logo at 2× (64), avatars of 36–64 px (128),
 * thumbnails and avatars of 72–128 px (256), half and full phone width at 2× (375, 750).
 */
export const IMAGE_WIDTHS = [64, 128, 256, 375, 750] as const;

/**
 * An uploaded picture (a `/uploads/` path) shown `shown` CSS px wide asks for the smallest width
 * covering a 2× screen (the largest beyond). Other sources (absolute, data:, with a query) and
 * pictures of unknown width are left alone.
 */
export function sizedSrc(src: string, shown?: number | string): string {
  if (typeof shown !== 'number' || !src.startsWith('/uploads/') || src.includes('?')) return src;
  return `${src}?w=${IMAGE_WIDTHS.find((width) => width >= shown * 2) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]}`;
}

/**
 * Rich text (goods details, articles) arrives sanitised by the server; in the browser its relative
 * picture paths get the CDN prefix (spec §5), an uploaded picture is asked for in the column's
 * width (kernel/core/image-widths.ts) rather than as uploaded, and pictures load lazily. Pure
 * string work on the server's normalised markup.
 */
import { COLUMN_WIDTH, sizedSrc } from '../core/image-widths';

export function prepareRichHtml(html: string, cdn: (value: string) => string): string {
  return html.replace(/<img\b([^>]*?)\bsrc="([^"]*)"/g, (_match, before: string, src: string) => `<img loading="lazy"${before}src="${cdn(sizedSrc(src, COLUMN_WIDTH))}"`);
}

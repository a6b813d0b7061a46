/**
 * The language the server writes a page in (`<html lang>`), chosen as the browser kernel will:
 * the shopper's remembered choice (its cookie), else the browser's first language. The static
 * first paint carries its words in both languages and shows the page's, with no script.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { acceptedLanguages, cookieLanguage, pickLanguage, type Language } from '../core/language';

export const pageLanguage = (headers: IncomingHttpHeaders): Language =>
  pickLanguage(cookieLanguage(headers.cookie), acceptedLanguages(headers['accept-language']));

/** The page with its root element's `lang` set (the template's is replaced, or one added). */
export function withPageLanguage(html: string, language: Language): string {
  const root = /<html\b[^>]*>/i.exec(html);
  if (!root) return html;
  const tag = /\slang="[^"]*"/i.test(root[0]) ? root[0].replace(/\slang="[^"]*"/i, ` lang="${language}"`) : root[0].replace(/^<html/i, `<html lang="${language}"`);
  return html.slice(0, root.index) + tag + html.slice(root.index + root[0].length);
}

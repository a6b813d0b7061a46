/**
 * Rich text from operators (goods details, articles, notices) is shown to shoppers as HTML, so it
 * is cleaned on the server with sanitize-html: when written, and again when read (a row written
 * before a rule tightened is still served clean). Formatting, tables and pictures stay; scripts,
 * event handlers, frames, positioning styles and every scheme but http(s) go.
 */
import sanitizeHtml from 'sanitize-html';

const TAGS = [
  'p', 'br', 'hr', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'small',
  'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'figure', 'figcaption',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img',
];

const BASE: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  // Only colour and alignment: positioning or sizing could overlay the page.
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
    },
  },
  // http(s) and relative paths; no data:, javascript: or other schemes.
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Links too (articles): http(s) or a path in the shop; another site's opens in a new tab, without the opener. */
const WITH_LINKS: sanitizeHtml.IOptions = {
  ...BASE,
  allowedTags: [...TAGS, 'a'],
  allowedAttributes: { ...BASE.allowedAttributes, a: ['href'] },
  transformTags: {
    // Only the href is the author's: target and rel are set here, never taken from the markup.
    a: (tagName, { href }): sanitizeHtml.Tag => {
      const attribs: sanitizeHtml.Attributes = href === undefined ? {} : { href };
      if (href !== undefined && /^\s*https?:/i.test(href)) Object.assign(attribs, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs };
    },
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
};
WITH_LINKS.allowedAttributes = { ...WITH_LINKS.allowedAttributes, a: ['href', 'target', 'rel'] };

export interface RichTextOptions {
  /** Keep `<a href>` links (http, https or relative). Goods details keep none. */
  links?: boolean;
}

export function sanitizeRichText(html: string, options: RichTextOptions = {}): string {
  return sanitizeHtml(html, options.links ? WITH_LINKS : BASE).trim();
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * The text of rich text on one line, without markup (a summary of an article): scripts and styles
 * go with their content, blocks and line breaks part words, the entities the sanitiser writes are
 * read back (the text is shown as text, never as HTML).
 */
export function plainTextOf(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|tr|td|th|blockquote|figcaption)>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]).replace(/\s+/g, ' ').trim();
}

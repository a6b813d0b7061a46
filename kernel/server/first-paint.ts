/**
 * The static first paint of a cold load of `/`: the home route owner's HTML (FirstScreen.paint)
 * laid over the app, so the first screen's largest element paints before any script runs. The
 * server cannot see the hash, so a small script ahead of it hides it on a deep link
 * (`/#/goods/...`) and picks the shopper's language as the kernel will (stored choice, else the
 * device's first language); the shell removes it once the first page has mounted beneath it.
 */
import { isColour } from '../core/cdn';
import { FIRST_PAINT_ID, STORED_LANGUAGE_KEY } from '../core/first-screen';
import { HOME_PATH } from '../core/paths';
import { escapeHtml } from './html';

/** Over the app (out of its flow, so removing it moves nothing) and under sheets and dialogs. */
const STYLE =
  `#${FIRST_PAINT_ID}{position:absolute;top:0;left:0;right:0;z-index:40}` +
  `.sf-deep-link #${FIRST_PAINT_ID}{display:none}` +
  `html[lang=en] #${FIRST_PAINT_ID} [lang=zh-Hans],html:not([lang=en]) #${FIRST_PAINT_ID} [lang=en]{display:none}`;

/** Plain ES5 with no data in it: the values it reads are constants of the kernel. */
const SCRIPT = `(function(d){var p=location.hash.replace(/^#/,'').split('?')[0];if(p&&p!=='/'&&p!==${JSON.stringify(HOME_PATH)})d.documentElement.className+=' sf-deep-link';var l;try{l=JSON.parse(localStorage.getItem(${JSON.stringify(STORED_LANGUAGE_KEY)})||'null')}catch(e){}if(l!=='en'&&l!=='zh-Hans')l=/^zh/i.test((navigator.languages&&navigator.languages[0])||navigator.language||'')?'zh-Hans':'en';d.documentElement.lang=l})(document)`;

export interface FirstPaintOptions {
  /** The site's theme colour (a kit variable the paint's header reads); ignored unless a colour. */
  theme?: string;
}

/** The style, the script and the paint, to write just before the app's root element. */
export function firstPaintHtml(paint: string, { theme }: FirstPaintOptions = {}): string {
  const style = theme && isColour(theme) ? ` style="--theme:${escapeHtml(theme)}"` : '';
  return `<style>${STYLE}</style><script>${SCRIPT}</script><div id="${FIRST_PAINT_ID}" class="sf-app"${style} aria-hidden="true">${paint}</div>`;
}

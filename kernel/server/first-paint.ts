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

/** Set on <html> by the script below when the hash names another page: the paint is then hidden. */
const DEEP_LINK = 'sf-deep-link';

/** Over the app (out of its flow, so removing it moves nothing) and under sheets and dialogs. */
const STYLE =
  `#${FIRST_PAINT_ID}{position:absolute;top:0;left:0;right:0;z-index:40}` +
  `.${DEEP_LINK} #${FIRST_PAINT_ID}{display:none}` +
  `html[lang=en] #${FIRST_PAINT_ID} [lang=zh-Hans],html:not([lang=en]) #${FIRST_PAINT_ID} [lang=en]{display:none}`;

/** Plain ES5 with no data in it: the values it reads are constants of the kernel. */
const SCRIPT = `(function(d){var p=location.hash.replace(/^#/,'').split('?')[0];if(p&&p!=='/'&&p!==${JSON.stringify(HOME_PATH)})d.documentElement.className+=' ${DEEP_LINK}';var l;try{l=JSON.parse(localStorage.getItem(${JSON.stringify(STORED_LANGUAGE_KEY)})||'null')}catch(e){}if(l!=='en'&&l!=='zh-Hans')l=/^zh/i.test((navigator.languages&&navigator.languages[0])||navigator.language||'')?'zh-Hans':'en';d.documentElement.lang=l})(document)`;

export interface FirstPaintOptions {
  /** The site's theme colour (a kit variable the paint's header reads); ignored unless a colour. */
  theme?: string;
}

/** The style, the script and the paint, to write just before the app's root element. */
export function firstPaintHtml(paint: string, { theme }: FirstPaintOptions = {}): string {
  const style = theme && isColour(theme) ? ` style="--theme:${escapeHtml(theme)}"` : '';
  return `<style>${STYLE}</style><script>${SCRIPT}</script><div id="${FIRST_PAINT_ID}" class="sf-app"${style} aria-hidden="true">${paint}</div>`;
}

/** How long the app waits for the paint's pictures before it starts anyway (a slow network). */
export const PICTURE_WAIT_MS = 1000;

/**
 * Starts the app once the paint is on screen. Without it the entry script, downloaded in parallel,
 * runs as soon as the page is parsed, and its first task (a few hundred ms on a slow phone) holds
 * back the frame that would show the paint. It:
 * - adds the page's stylesheets (preloaded in the head) and waits for them, so the app never draws
 *   unstyled: the paint itself needs only the rules inlined with it (./critical-css.ts);
 * - waits for the paint's pictures to decode, at most PICTURE_WAIT_MS, unless the paint is hidden
 *   (a deep link);
 * - then lets one frame paint and adds the entry. A hidden tab paints nothing: it starts at once.
 * Plain ES5; the values are the build's asset URLs, `<` escaped.
 */
export function bootAfterPaintScript(entry: string, styles: readonly string[]): string {
  const data = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(function(d,entry,styles,wait){var root=d.documentElement,waits=[],i;` +
    `for(i=0;i<styles.length;i++)waits.push(new Promise(function(done){var l=d.createElement('link');l.rel='stylesheet';l.crossOrigin='';l.onload=l.onerror=function(){done()};l.href=styles[i];d.head.appendChild(l)}));` +
    `var paint=d.getElementById(${data(FIRST_PAINT_ID)});` +
    `if(paint&&(' '+root.className+' ').indexOf(' ${DEEP_LINK} ')<0){var pictures=paint.getElementsByTagName('img');` +
    `for(i=0;i<pictures.length;i++)if(pictures[i].decode)waits.push(Promise.race([pictures[i].decode()['catch'](function(){}),new Promise(function(done){setTimeout(done,wait)})]))}` +
    `Promise.all(waits).then(function(){var started=false;function start(){if(started)return;started=true;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;d.head.appendChild(s)}` +
    `if(d.visibilityState==='hidden')return start();d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')start()});` +
    `requestAnimationFrame(function(){setTimeout(start,0)})})` +
    `})(document,${data(entry)},${data(styles)},${PICTURE_WAIT_MS})`
  );
}

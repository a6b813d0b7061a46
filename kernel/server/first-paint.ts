/**
 * The static first paint of a cold load of `/`: the home route owner's HTML (FirstScreen.paint)
 * laid over the app, so the first screen's largest element paints before any script runs. The
 * server cannot see the hash, so a small script ahead of it hides it on a deep link
 * (`/#/goods/...`); its text shows in the page's language (`<html lang>`, which the server picks
 * as the kernel will). The shell removes it once the first page has mounted beneath it.
 */
import { isColour } from '../core/cdn';
import { FIRST_PAINT_ID } from '../core/first-screen';
import { HOME_PATH } from '../core/paths';
import { escapeHtml, jsonInScript } from './html';
import type { InlineSources } from './security-headers';

/** Set on <html> by the script below when the hash names another page: the paint is then hidden. */
const DEEP_LINK = 'sf-deep-link';

/**
 * Over the app (out of its flow, so removing it moves nothing) and under sheets and dialogs. The
 * page's nav bar goes on top wherever the paint writes it (FirstScreen.paint writes its largest
 * element first).
 */
const STYLE =
  `#${FIRST_PAINT_ID}{position:absolute;top:0;left:0;right:0;z-index:40}` +
  `#${FIRST_PAINT_ID} .sf-page>.sf-navbar{order:-1}` +
  `.${DEEP_LINK} #${FIRST_PAINT_ID}{display:none}` +
  `html[lang=en] #${FIRST_PAINT_ID} [lang=zh-Hans],html:not([lang=en]) #${FIRST_PAINT_ID} [lang=en]{display:none}`;

/**
 * Plain ES5 with no data in it: hides the paint when the hash names another page (only a script
 * can read the hash). The language needs none: the server writes `<html lang>` (./page-language.ts).
 */
const SCRIPT = `(function(d){var p=location.hash.replace(/^#/,'').split('?')[0];if(p&&p!=='/'&&p!==${JSON.stringify(HOME_PATH)})d.documentElement.className+=' ${DEEP_LINK}'})(document)`;

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

/** The inert `<template>` holding the page's stylesheet and module preload links until the paint is on screen. */
export const AFTER_PAINT_ID = 'sf-after-paint';

/**
 * Starts the app once the paint is on screen. Every link the browser acts on before the first
 * frame costs that frame main-thread time (a slow phone's tens of ms each), and without this the
 * entry, downloaded in parallel, would run as soon as the page is parsed, its first task holding
 * back the frame that shows the paint. So the page's stylesheets and module preloads wait in an
 * inert template (AFTER_PAINT_ID), and this script:
 * - lets one frame paint (a deep link, whose paint is hidden, does not wait), then moves the
 *   template's links into the head: every chunk of the first screen downloads at once;
 * - waits for the stylesheets, so the app never draws unstyled (the paint needs only the rules
 *   inlined with it, ./critical-css.ts), and for the paint's pictures to decode, at most
 *   PICTURE_WAIT_MS;
 * - lets the painted pictures show for one frame, then adds the entry.
 * A hidden tab paints no frames: it goes on at once, and so does a tab hidden while it waits.
 * Plain ES5; its one value is the entry's URL.
 */
export function bootAfterPaintScript(entry: string): string {
  return (
    `(function(d,entry,wait){var root=d.documentElement,pictures=[],later=[],i;` +
    // frame(fn): fn once a frame has painted; at once when hidden (no frames come), or when the tab hides meanwhile.
    `function frame(fn){if(d.visibilityState==='hidden')return fn();later.push(fn);requestAnimationFrame(function(){setTimeout(function(){var at=later.indexOf(fn);if(at>=0){later.splice(at,1);fn()}},0)})}` +
    `d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')while(later.length)later.shift()()});` +
    `var paint=d.getElementById(${jsonInScript(FIRST_PAINT_ID)}),shown=paint&&(' '+root.className+' ').indexOf(' ${DEEP_LINK} ')<0;` +
    `if(shown){var images=paint.getElementsByTagName('img');` +
    `for(i=0;i<images.length;i++)if(images[i].decode)pictures.push(Promise.race([images[i].decode()['catch'](function(){}),new Promise(function(done){setTimeout(done,wait)})]))}` +
    `function load(){var held=d.getElementById(${jsonInScript(AFTER_PAINT_ID)}),links=held&&held.content?held.content.querySelectorAll('link'):[],waits=pictures.slice();` +
    `for(i=0;i<links.length;i++){var link=links[i];if(link.rel==='stylesheet')waits.push(new Promise(function(done){link.onload=link.onerror=function(){done()}}));d.head.appendChild(link)}` +
    `Promise.all(waits).then(function(){frame(function(){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=entry;d.head.appendChild(s)})})}` +
    `if(shown)frame(load);else load()` +
    `})(document,${jsonInScript(entry)},${PICTURE_WAIT_MS})`
  );
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/i;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/gi;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/gi;
const APP_ROOT = /<div id="app">/i;

/** The stylesheets the built page links (the entry's), in order. */
export function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(STYLESHEET)].map((match) => match[1]);
}

/** Whether withFirstPaint starts this page after its paint (and so takes its module preloads). */
export const startsAfterPaint = (html: string, critical: string | undefined): boolean => Boolean(critical) && ENTRY_SCRIPT.test(html);

/** The paint's rules as written in their style element: nothing in them can close it. */
const criticalStyle = (critical: string): string => critical.replace(/<\/style/gi, '<\\/style');

export interface PaintedPage {
  /** The first screen's page's stylesheets, after the entry's (the cascade the loader would build). */
  styles: readonly string[];
  /** Its chunks, preloaded (with the entry) once the paint is on screen. */
  scripts: readonly string[];
  /** The paint's rules (./critical-css.ts); without them the page waits for its stylesheets. */
  critical?: string;
}

/**
 * The static first paint before the app's root. With the paint's rules inlined (startsAfterPaint),
 * the built page's stylesheets, module preloads and entry, and the page's own, wait in the
 * template for the starter above. Without them the page's styles are linked after the entry's, as the loader would add them
 * (same order, same cascade; finding them there, it adds none), and the entry runs as built.
 */
export function withFirstPaint(html: string, paint: string, { styles, scripts, critical }: PaintedPage): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  const link = (rel: string, url: string) => `<link rel="${rel}" crossorigin href="${escapeHtml(url)}">`;
  if (!critical || !entry) {
    return html.replace(/<\/head>/i, (end) => styles.map((url) => link('stylesheet', url)).join('') + end).replace(APP_ROOT, (root) => paint + root);
  }
  const held =
    [...stylesheetsOf(html), ...styles].map((url) => link('stylesheet', url)).join('') +
    [...new Set([...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]), ...scripts, entry])].map((url) => link('modulepreload', url)).join('');
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(STYLESHEET, '')
    .replace(MODULE_PRELOAD, '')
    .replace(/<\/head>/i, (end) => `<style>${criticalStyle(critical)}</style>${end}`)
    .replace(APP_ROOT, (root) => paint + root)
    .replace(/<\/body>/i, (end) => `<template id="${AFTER_PAINT_ID}">${held}</template><script>${bootAfterPaintScript(entry)}</script>${end}`);
}

/**
 * The exact text of the inline scripts and style elements firstPaintHtml and withFirstPaint write
 * into a page built from `html` (the template) with these paint rules, so its policy allows them by hash.
 */
export function firstPaintInline(html: string, critical: string | undefined): InlineSources {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  const starts = critical && entry ? { script: bootAfterPaintScript(entry), style: criticalStyle(critical) } : null;
  return { scripts: [SCRIPT, ...(starts ? [starts.script] : [])], styles: [STYLE, ...(starts ? [starts.style] : [])] };
}

/**
 * The home page's first screen as static HTML, for the server to paint before any script runs:
 * the header (logo, name, and the search bar when goods is on) and the first banner, with the
 * classes and boxes the page gives them (./pages/index.page.tsx, ./components/), so nothing moves
 * when the page mounts beneath it and the banner stays the largest paint. Text in both languages,
 * marked with `lang`; the page shows the shopper's. Every value is escaped.
 */
import { cdnUrl } from '@kernel/core/cdn';
import { COLUMN_SIZES, responsiveSrc, sizedSrc } from '@kernel/core/image-widths';
import type { SiteConfig } from '@kernel/core/site';
import { escapeHtml } from '@kernel/server/html';
import { BANNER_RATIO } from './banner';
import type { HomeContent } from './contract';
import en from './i18n/en.json';
import zhHans from './i18n/zh-Hans.json';

/** The kit's search icon (kernel/client/ui/Icon.tsx), drawn without React. */
const SEARCH_ICON =
  '<svg class="sf-icon" viewBox="0 0 24 24" data-icon="search" aria-hidden="true" style="width:16px;height:16px"><path d="M4 11a7 7 0 1 0 14 0a7 7 0 1 0 -14 0M20 20l-4.2-4.2"></path></svg>';

/** As React writes the inline style of <Swiper ratio> and <Img ratio>. */
const RATIO = String(BANNER_RATIO);

const both = (key: 'search_placeholder') => `<span lang="zh-Hans">${escapeHtml(zhHans[key])}</span><span lang="en">${escapeHtml(en[key])}</span>`;

export interface HomePaintInput {
  content: HomeContent;
  site: Pick<SiteConfig, 'siteName' | 'siteLogo' | 'cdnUrl'>;
  /** goods is on: the header has its search bar. */
  search: boolean;
}

export function homeFirstPaint({ content, site, search }: HomePaintInput): string {
  const cdn = (value: string) => escapeHtml(cdnUrl(value, site.cdnUrl ?? ''));
  const logo = site.siteLogo
    ? // The size the header's Img asks for (`?w=` of an upload), so the app's logo is the one the paint loaded.
      `<img class="sf-img home-header__logo" src="${cdn(sizedSrc(site.siteLogo, 28))}" alt="" width="28" height="28" style="width:28px;height:28px;object-fit:cover">`
    : '';
  const searchBar = search
    ? `<span class="sf-search-bar">${SEARCH_ICON}<span class="sf-search-bar__text sf-search-bar__text--placeholder">${both('search_placeholder')}</span></span>`
    : '';
  const header =
    '<header class="sf-navbar sf-navbar--theme sf-navbar--filled home-header"><div class="sf-navbar__side"></div><div class="sf-navbar__content">' +
    `<div class="home-header__brand">${logo}<span class="home-header__name">${escapeHtml(site.siteName ?? '')}</span></div>${searchBar}` +
    '</div><div class="sf-navbar__side sf-navbar__side--right"></div></header>';
  const first = content.banners[0];
  // As the banner's Img asks for it (the served widths, for the column), so the app's banner is the file the paint loaded.
  const responsive = first && responsiveSrc(first.image, (value) => cdnUrl(value, site.cdnUrl ?? ''));
  const source = responsive ? `src="${escapeHtml(responsive.src)}" srcset="${escapeHtml(responsive.srcSet)}" sizes="${COLUMN_SIZES}"` : first ? `src="${cdn(first.image)}"` : '';
  const banner = first
    ? `<div class="home-banner-frame"><div class="sf-swiper home-banner" style="aspect-ratio:${RATIO}">` +
      `<img class="sf-img sf-img--ratio" ${source} alt="${escapeHtml(first.title)}" fetchpriority="high" style="object-fit:cover;aspect-ratio:${RATIO}">` +
      '</div></div>'
    : '';
  // The banner first: a frame of a partly parsed page (a slow phone's parser yields where it must)
  // then shows the largest paint, not only the bar. The paint's style puts the bar on top.
  return `<div class="sf-page"><main class="sf-page__body">${banner}</main>${header}</div>`;
}

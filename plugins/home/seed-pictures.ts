/** The demo pictures: the banners' words and colour (drawn by ./art.ts) and where each one leads, and the logo. */
import type { BannerArt } from './art';

export const BANNERS: readonly (BannerArt & { link: string })[] = [
  { title: '数码焕新季', subtitle: '新品手机、耳机、平板 限时优惠', action: '立即选购', hue: 220, link: '/goods/list/list?keyword=极光' },
  { title: '鲜果到家', subtitle: '产地直发 冷链配送 坏果包赔', action: '去看看', hue: 25, link: '/goods/list/list?keyword=田园记' },
  { title: '居家好物节', subtitle: '厨具、家纺、收纳 品质生活', action: '逛一逛', hue: 160, link: '/pages/category/category' },
];

/** The picture of the banner at `index`, in ./seed-art/ and under `<uploads>/seed/`. */
export const bannerFile = (index: number): string => `banner-${index + 1}.jpg`;

/**
 * The shop's default logo (config/sites/default.json's siteLogo, `/logo.png`): not a demo upload
 * but a file the app ships (app/public/), so a shop started without the demo shows it until the
 * operator sets its own. Square: sharp at the login page's 64 px on a 2× screen.
 */
export const LOGO_FILE = 'logo.png';
export const LOGO_SIZE = 128;

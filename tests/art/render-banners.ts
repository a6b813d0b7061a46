/**
 * `npx tsx tests/art/render-banners.ts`: draws the demo banners (plugins/home/art.ts) in Chromium
 * and writes them as JPEG to plugins/home/seed-art/, where the seed copies them from. Run it after
 * changing a banner's art or words.
 *
 * Why pictures and not the SVG itself: a shop's banners are photographs (uploads take jpg, png,
 * gif and webp), and a browser decodes those off the main thread. An SVG with words in it is laid
 * out, fonts and all, on the main thread, which held back the home page's first paint.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { bannerArt } from '../../plugins/home/art';
import { BANNER_SIZE } from '../../plugins/home/banner';
import { BANNERS, bannerFile } from '../../plugins/home/seed-banners';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

const OUT = fileURLToPath(new URL('../../plugins/home/seed-art/', import.meta.url));
const QUALITY = 82;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: BANNER_SIZE });
  for (const [i, banner] of BANNERS.entries()) {
    await page.setContent(`<body style="margin:0">${bannerArt(banner)}</body>`);
    const picture = await page.screenshot({ type: 'jpeg', quality: QUALITY });
    writeFileSync(`${OUT}${bannerFile(i)}`, picture);
    process.stdout.write(`${bannerFile(i)} ${picture.length} bytes\n`);
  }
} finally {
  await browser.close();
}

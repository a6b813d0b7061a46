/**
 * `npx tsx tests/art/render-seed-art.ts`: draws the demo banners and logo (plugins/home/art.ts)
 * in Chromium and writes them, banners as JPEG to plugins/home/seed-art/ (where the seed copies
 * them from) and the logo as PNG to app/public/ (the app ships it as the default siteLogo). Run it after changing the art or a banner's words.
 *
 * Why pictures and not the SVG itself: a shop's banners and logo are uploaded pictures (uploads
 * take jpg, png, gif and webp), and a browser decodes those off the main thread. An SVG image is
 * a document of its own, laid out (fonts and all) on the main thread, which held back the home
 * page's first paint.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { bannerArt, logoArt } from '../../plugins/home/art';
import { BANNER_SIZE } from '../../plugins/home/banner';
import { BANNERS, bannerFile, LOGO_FILE, LOGO_SIZE } from '../../plugins/home/seed-pictures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

const OUT = fileURLToPath(new URL('../../plugins/home/seed-art/', import.meta.url));
const PUBLIC = fileURLToPath(new URL('../../app/public/', import.meta.url));
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
  // Square, transparent around its rounded corners.
  await page.setViewportSize({ width: LOGO_SIZE, height: LOGO_SIZE });
  await page.setContent(`<body style="margin:0;background:transparent">${logoArt().replace('<svg ', `<svg width="${LOGO_SIZE}" height="${LOGO_SIZE}" `)}</body>`);
  const logo = await page.screenshot({ type: 'png', omitBackground: true });
  writeFileSync(`${PUBLIC}${LOGO_FILE}`, logo);
  process.stdout.write(`${LOGO_FILE} ${logo.length} bytes\n`);
} finally {
  await browser.close();
}

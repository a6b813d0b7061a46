/** Generated pictures for the demo home page: the site logo and the banners. Pure. */
import { escapeXml, fittedText, gradient, hsl, svgDocument } from '@kernel/core/svg';
import { BANNER_SIZE } from './banner';

/** A shopping bag in the theme red with a smile for a handle line. */
export function logoArt(): string {
  return svgDocument(
    120,
    120,
    gradient('bg', '#ff6a4d', '#e93323'),
    '<rect width="120" height="120" rx="28" fill="url(#bg)"/>' +
      '<path d="M42 44v-6a18 18 0 0 1 36 0v6" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round"/>' +
      '<rect x="28" y="44" width="64" height="52" rx="10" fill="#fff"/>' +
      '<path d="M46 64q14 14 28 0" fill="none" stroke="#e93323" stroke-width="6" stroke-linecap="round"/>',
  );
}

export interface BannerArt {
  title: string;
  subtitle: string;
  action: string;
  hue: number;
}

/** BANNER_SIZE: a gradient, soft circles, the headline, a line of text and a pill "button". */
export function bannerArt({ title, subtitle, action, hue }: BannerArt): string {
  const ink = '#fff';
  return svgDocument(
    BANNER_SIZE.width,
    BANNER_SIZE.height,
    gradient('bg', hsl(hue, 80, 58), hsl(hue + 25, 75, 42)),
    `<rect width="${BANNER_SIZE.width}" height="${BANNER_SIZE.height}" fill="url(#bg)"/>` +
      `<circle cx="640" cy="70" r="150" fill="${hsl(hue + 40, 90, 75)}" opacity=".35"/>` +
      `<circle cx="560" cy="300" r="90" fill="${hsl(hue - 20, 90, 80)}" opacity=".3"/>` +
      '<circle cx="90" cy="330" r="60" fill="#fff" opacity=".12"/>' +
      `<text x="60" y="150" font-family="sans-serif" font-size="60" font-weight="700" fill="${ink}">${escapeXml(title)}</text>` +
      `<text x="60" y="205" font-family="sans-serif" font-size="28" fill="${ink}" opacity=".9">${escapeXml(subtitle)}</text>` +
      `<rect x="60" y="240" width="170" height="54" rx="27" fill="#fff"/>` +
      fittedText(action, 145, 276, 140, 24, hsl(hue, 70, 45)),
  );
}

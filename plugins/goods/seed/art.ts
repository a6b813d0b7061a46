/** Generated pictures for the demo catalogue: a gradient, a product-like shape, the name. Pure. */
import { fittedText, gradient, hsl, svgDocument } from '@kernel/core/svg';

export type ArtKind =
  | 'phone' | 'headphones' | 'tablet' | 'shirt' | 'dress' | 'shoe' | 'snack'
  | 'bottle' | 'fruit' | 'pot' | 'pillow' | 'box' | 'jar' | 'lipstick';

/** Shapes drawn in a 400×400 box around (200, 180); F is the body colour, S the accent. */
const SHAPES: Record<ArtKind, string> = {
  phone: '<rect x="135" y="60" width="130" height="240" rx="22" fill="F"/><rect x="147" y="84" width="106" height="192" rx="6" fill="S"/><circle cx="200" cy="72" r="4" fill="S"/>',
  headphones: '<path d="M120 210v-30a80 80 0 0 1 160 0v30" fill="none" stroke="F" stroke-width="16"/><rect x="100" y="195" width="45" height="80" rx="16" fill="F"/><rect x="255" y="195" width="45" height="80" rx="16" fill="F"/>',
  tablet: '<rect x="80" y="90" width="240" height="170" rx="16" fill="F"/><rect x="94" y="104" width="212" height="142" rx="4" fill="S"/>',
  shirt: '<path d="M150 80l-60 30 20 50 25-10v130h130v-130l25 10 20-50-60-30q-25 25-50 0z" fill="F"/>',
  dress: '<path d="M170 70h60l-5 50 60 170h-160l60-170z" fill="F"/><rect x="172" y="112" width="56" height="10" fill="S"/>',
  shoe: '<path d="M90 250v-60q0-20 20-20h50l30 40q60 10 100 25q20 8 20 25v10z" fill="F"/><rect x="90" y="250" width="220" height="14" rx="7" fill="S"/>',
  snack: '<path d="M130 80h140l-10 210h-120z" fill="F"/><rect x="126" y="70" width="148" height="16" rx="4" fill="S"/><circle cx="200" cy="180" r="34" fill="S"/>',
  bottle: '<path d="M180 60h40v40q30 15 30 50v140q0 12-12 12h-76q-12 0-12-12v-140q0-35 30-50z" fill="F"/><rect x="150" y="170" width="100" height="60" fill="S"/>',
  fruit: '<circle cx="200" cy="190" r="90" fill="F"/><path d="M200 100q30-40 60-30q-20 35-60 30z" fill="S"/>',
  pot: '<ellipse cx="190" cy="200" rx="100" ry="30" fill="S"/><path d="M90 200q0 80 100 80q100 0 100-80z" fill="F"/><rect x="285" y="190" width="80" height="16" rx="8" fill="F"/>',
  pillow: '<path d="M90 120q110-30 220 0q-20 80 0 150q-110 30-220 0q20-70 0-150z" fill="F"/><path d="M130 195h140" stroke="S" stroke-width="6"/>',
  box: '<path d="M110 130l90-40 90 40v120l-90 40-90-40z" fill="F"/><path d="M110 130l90 40 90-40M200 170v120" stroke="S" stroke-width="6" fill="none"/>',
  jar: '<rect x="130" y="130" width="140" height="150" rx="20" fill="F"/><rect x="140" y="95" width="120" height="40" rx="8" fill="S"/>',
  lipstick: '<rect x="170" y="170" width="60" height="120" rx="6" fill="F"/><rect x="178" y="130" width="44" height="45" fill="S"/><path d="M182 130v-50l36 20v30z" fill="F"/>',
};

function shape(kind: ArtKind, hue: number): string {
  return SHAPES[kind].replace(/"F"/g, `"${hsl(hue, 55, 45)}"`).replace(/"S"/g, `"${hsl(hue, 65, 86)}"`);
}

/** A goods picture; `variant` (1, 2, 3...) turns the hue and mirrors the shape so a gallery differs. */
export function goodsArt(kind: ArtKind, hue: number, name: string, variant: number): string {
  const h = hue + (variant - 1) * 35;
  const mirrored = variant % 2 === 0 ? ' transform="matrix(-1 0 0 1 400 0)"' : '';
  return svgDocument(
    400,
    400,
    gradient('bg', hsl(h, 70, 95), hsl(h, 60, 80)),
    `<rect width="400" height="400" fill="url(#bg)"/><g${mirrored}>${shape(kind, h)}</g>` +
      fittedText(name, 200, 360, 360, 26, hsl(h, 40, 25)),
  );
}

export function categoryArt(kind: ArtKind, hue: number): string {
  return svgDocument(
    120,
    120,
    gradient('bg', hsl(hue, 75, 94), hsl(hue, 65, 82)),
    `<circle cx="60" cy="60" r="60" fill="url(#bg)"/><g transform="translate(-4 2) scale(0.32)">${shape(kind, hue)}</g>`,
  );
}

export function brandArt(name: string, hue: number): string {
  return svgDocument(
    200,
    100,
    gradient('bg', hsl(hue, 65, 50), hsl(hue + 30, 70, 40)),
    `<rect width="200" height="100" rx="14" fill="url(#bg)"/>` + fittedText(name, 100, 64, 170, 40, '#fff'),
  );
}

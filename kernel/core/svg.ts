/**
 * Tiny helpers for generated SVG pictures (the demo seed draws its images instead of
 * downloading them, so a fresh machine needs no network).
 */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const hsl = (hue: number, saturation: number, lightness: number): string =>
  `hsl(${Math.round(((hue % 360) + 360) % 360)},${saturation}%,${lightness}%)`;

/** A two-stop diagonal gradient usable as `fill="url(#id)"`. */
export function gradient(id: string, from: string, to: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

/** A text line centred on x, shrunk so that `text` fits `maxWidth` (CJK glyphs are about 1 em wide). */
export function fittedText(text: string, x: number, y: number, maxWidth: number, maxSize: number, fill: string): string {
  const ems = [...text].reduce((sum, c) => sum + (c.charCodeAt(0) > 0x2e80 ? 1 : 0.55), 0);
  const size = Math.max(10, Math.min(maxSize, Math.floor(maxWidth / Math.max(ems, 1))));
  return `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" font-weight="600" fill="${fill}" text-anchor="middle">${escapeXml(text)}</text>`;
}

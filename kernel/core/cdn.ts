/**
 * Spec §5: image or URL values get the CDN address prefixed unless they already start with
 * http(s)://, // or data:image/.
 */
const ABSOLUTE = /^(https?:\/\/|\/\/|data:image\/)/i;

export function cdnUrl(value: string | null | undefined, cdn: string): string {
  if (!value) return '';
  if (ABSOLUTE.test(value)) return value;
  if (!cdn) return value;
  const base = cdn.endsWith('/') ? cdn.slice(0, -1) : cdn;
  return value.startsWith('/') ? base + value : `${base}/${value}`;
}

/** Spec §5: a colour is valid when it is 3- or 6-digit hex, or starts with rgb/rgba. */
export function isColour(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) || /^rgba?\(/i.test(value);
}

/**
 * A small inline-SVG icon set (24×24, stroked with currentColor, so icons take the text colour).
 * A name that looks like a URL renders as an image, as menu entries may carry either.
 */
import type { CSSProperties } from 'react';
import './icon.css';

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

export const ICONS = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  category: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  cart: `M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2${circle(9, 20, 1.3)}${circle(17, 20, 1.3)}`,
  user: `${circle(12, 8, 4)}M4 21c0-4 3.6-7 8-7s8 3 8 7`,
  search: `${circle(11, 11, 7)}M20 20l-4.2-4.2`,
  back: 'M15 5l-7 7 7 7',
  'arrow-right': 'M9 5l7 7-7 7',
  close: 'M6 6l12 12M18 6 6 18',
  check: 'M5 12.5l4.5 4.5L19 7',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3l-5.5 2.9 1-6.2L3 9.6l6.2-.9z',
  gift: 'M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7C10.5 4 7 3.5 7 6s3 1 5 1zm0 0c1.5-3 5-3.5 5-1s-3 1-5 1z',
  /** A card key (卡密): a key, not the lottery's gift. */
  key: `${circle(7.5, 15.5, 4.5)}M10.7 12.3 20 3M16 7l3 3M14 9l2 2`,
  coupon: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a2 2 0 0 0 0-4zM14 5v2M14 11v2M14 17v2',
  wallet: 'M3 7a2 2 0 0 1 2-2h13v4M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2zM16 14.5h.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  order: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4',
  location: `M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z${circle(12, 9.5, 2.5)}`,
  // Order states: a yuan coin (to pay), a parcel (to ship), a lorry (on its way), a parcel ticked (received).
  yuan: `${circle(12, 12, 9)}M8.5 7.5 12 12l3.5-4.5M12 12v5.5M9 12.5h6M9 15.5h6`,
  package: 'M3 7.5 12 3l9 4.5v9L12 21l-9-4.5zM3 7.5l9 4.5 9-4.5M12 12v9M7.5 5.3l9 4.5',
  truck: `M2 5h11v11H2zM13 9h4.5l3.5 3.5V16h-8${circle(6.5, 18, 2)}${circle(17, 18, 2)}`,
  'parcel-check': 'M3 8h18v12H3zM2 4h20v4H2zM8.5 14l2.5 2.5 4.5-4.5',
  service: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H5a1 1 0 0 1-1-1zM20 14h-3v5h2a1 1 0 0 0 1-1zM17 19c0 1.5-2 2-5 2',
  setting: `${circle(12, 12, 3)}M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1`,
  bell: 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  team: `${circle(9, 8, 3.5)}M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.2.6 3.5 2.8 3.5 6`,
  lottery: `${circle(12, 12, 9)}M12 3v18M3 12h18M5.6 5.6l12.8 12.8M18.4 5.6 5.6 18.4`,
  flash: 'M13 2 4 14h7l-1 8 9-12h-7z',
  /** A flash sale (秒杀): an alarm clock with a bolt. */
  seckill: `${circle(12, 13, 8)}M5 3 2.5 5.5M19 3l2.5 2.5M13 8.5l-3 5h4l-3 5`,
  article: 'M5 3h10l4 4v14H5zM15 3v4h4M8 12h8M8 16h8M8 8h4',
  lang: 'M3 5h10M8 3v2M5 5c1 4 4 7 7 8M11 5c-1 4-4 7-7 8M13 21l4-9 4 9M14.5 18h5',
  logout: 'M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 17l5-5-5-5M15 12H3',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  trash: 'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6',
  eye: `M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z${circle(12, 12, 3)}`,
  'eye-off':
    'M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.9 9.9 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
} as const;

export type IconName = keyof typeof ICONS;

export const isIconName = (name: string): name is IconName => Object.hasOwn(ICONS, name);

export interface IconProps {
  /** An icon of the set, or an image URL. */
  name: IconName | (string & {});
  /** Pixels or any CSS length (default 1em, so icons follow the font size). */
  size?: number | string;
  color?: string;
  className?: string;
  /** Accessible name; without it the icon is decorative. */
  label?: string;
}

export function Icon({ name, size = '1em', color, className = '', label }: IconProps) {
  const style: CSSProperties = { width: size, height: size, color };
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  if (!isIconName(name)) {
    return <img className={`sf-icon ${className}`} style={style} src={name} alt={label ?? ''} />;
  }
  return (
    <svg className={`sf-icon ${className}`} style={style} viewBox="0 0 24 24" data-icon={name} {...a11y}>
      <path d={ICONS[name]} />
    </svg>
  );
}

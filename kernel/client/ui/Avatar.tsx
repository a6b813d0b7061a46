/** A person's picture, shopper or staff: round, and a grey silhouette when they have none or it fails to load. */
import { Img } from './Img';

/** The silhouette, inlined so it never needs the network. */
export const DEFAULT_AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><circle cx="40" cy="40" r="40" fill="#f3d3cf"/><circle cx="40" cy="31" r="14" fill="#fff"/><path d="M14 68c4-14 14-20 26-20s22 6 26 20a40 40 0 0 1-52 0z" fill="#fff"/></svg>',
  );

export interface AvatarProps {
  src: string | null | undefined;
  alt?: string;
  /** Width and height in px. */
  size: number;
  /** Default true; false for an avatar at the top of its page. */
  lazy?: boolean;
  className?: string;
}

export function Avatar({ src, alt = '', size, lazy, className }: AvatarProps) {
  return <Img src={src} fallback={DEFAULT_AVATAR} alt={alt} width={size} height={size} round lazy={lazy} className={className} />;
}

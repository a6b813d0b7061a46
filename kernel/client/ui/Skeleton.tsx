/** Grey placeholders in the shape of the content that is on its way. */
import './skeleton.css';

export interface SkeletonProps {
  /** Lines of text (default 3). */
  rows?: number;
  /** A round avatar on the left. */
  avatar?: boolean;
  /** A picture block above the lines, with this width/height ratio (e.g. 2 for a banner). */
  image?: number;
  /** Repeat the whole block (e.g. 4 goods cards). */
  count?: number;
  className?: string;
}

export function Skeleton({ rows = 3, avatar, image, count = 1, className = '' }: SkeletonProps) {
  return (
    <div className={`sf-skeleton-list ${className}`} aria-busy="true" aria-hidden>
      {Array.from({ length: count }, (_, n) => (
        <div key={n} className="sf-skeleton" data-testid="skeleton">
          {image !== undefined && <div className="sf-skeleton__image" style={{ aspectRatio: String(image) }} />}
          <div className="sf-skeleton__row">
            {avatar && <div className="sf-skeleton__avatar" />}
            <div className="sf-skeleton__lines">
              {Array.from({ length: rows }, (_, i) => (
                <div key={i} className="sf-skeleton__line" style={{ width: i === rows - 1 && rows > 1 ? '60%' : '100%' }} />
              ))}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

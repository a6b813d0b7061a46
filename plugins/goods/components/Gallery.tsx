/** The detail's picture carousel with a position counter; the first picture loads eagerly (it is the LCP). */
import { useState } from 'react';
import { useT } from '@kernel/client/hooks';
import { Img, Swiper } from '@kernel/client/ui';

export function Gallery({ images, alt }: { images: readonly string[]; alt: string }) {
  const { t } = useT('goods');
  const [index, setIndex] = useState(0);
  if (images.length === 0) return <Img src="" alt={alt} ratio={1} />;
  return (
    <div className="goods-gallery">
      <Swiper ratio={1} autoplay={0} dots={false} onChange={setIndex}>
        {images.map((src, i) => (
          <Img key={src} src={src} alt={alt} ratio={1} lazy={i > 0} />
        ))}
      </Swiper>
      {images.length > 1 && (
        <span className="goods-gallery__count" aria-label={t('detail.gallery', { index: index + 1, count: images.length })}>
          {index + 1}/{images.length}
        </span>
      )}
    </div>
  );
}

/** The detail's picture carousel with a position counter; the first picture loads eagerly (it is the LCP). */
import { Img, Swiper } from '@kernel/client/ui';

export function Gallery({ images, alt }: { images: readonly string[]; alt: string }) {
  if (images.length === 0) return <Img src="" alt={alt} ratio={1} />;
  return (
    <div className="goods-gallery">
      <Swiper ratio={1} autoplay={0} dots={false} counter label={alt}>
        {images.map((src, i) => (
          <Img key={src} src={src} alt={alt} ratio={1} lazy={i > 0} />
        ))}
      </Swiper>
    </div>
  );
}

/** The banner carousel; a banner with a link to a route that is mounted opens it. */
import { useKernel, useT } from '@kernel/client/hooks';
import { Img, Swiper } from '@kernel/client/ui';
import { BANNER_RATIO } from '../banner';
import type { Banner } from '../contract';


export function BannerSwiper({ banners }: { banners: readonly Banner[] }) {
  const kernel = useKernel();
  const { t } = useT('home');
  // A link into a plugin the site switched off would land on "not found": such banners stay still.
  const open = (link: string) => {
    if (link && kernel.routes.find(link)) kernel.nav.to(link);
  };
  return (
    <div className="home-banner-frame">
      <Swiper ratio={BANNER_RATIO} label={t('banners_alt')} className="home-banner">
        {banners.map((banner, i) => (
          <button key={banner.id} type="button" className="home-banner__slide" onClick={() => open(banner.link)} aria-label={banner.title || t('banners_alt')}>
            <Img src={banner.image} alt={banner.title} ratio={BANNER_RATIO} lazy={i > 0} />
          </button>
        ))}
      </Swiper>
    </div>
  );
}

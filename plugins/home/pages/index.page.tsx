/**
 * The home page: a header with the site logo and a search bar (when goods is on), the banners,
 * the notice bar (a plugin's through `home.noticeBar`, else the home's own), the `home.grid` menu
 * slot, then the sections other plugins contribute.
 * Kept light for a fast first paint: the content is fetched at boot (./store.ts), the first banner
 * loads eagerly, everything below lazily.
 */
import { Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useExtensions, useKernel, useSession, useSite, useT } from '@kernel/client/hooks';
import { shownTo } from '@kernel/client/registries';
import { Empty, ErrorState, MenuSlotView, Page, Skeleton } from '@kernel/client/ui';
import { BannerSwiper } from '../components/BannerSwiper';
import { HomeHeader } from '../components/HomeHeader';
import { NoticeSlot, useNoticeBar } from '../components/NoticeSlot';
import { gridColumns } from '../grid-columns';
import { bySectionOrder, homeSections } from '../sections';
import { homeStore, loadHome } from '../store';
import type { UserInfo } from '@kernel/core/user';
import './home.css';

export default function HomePage() {
  const kernel = useKernel();
  const site = useSite();
  const { t } = useT('home');
  const { content: data, status, error } = useSnapshot(homeStore);
  useEffect(() => {
    void loadHome(kernel.http);
  }, [kernel]);
  const filled = useExtensions(homeSections);
  const noticeBar = useNoticeBar();
  const sections = [...filled.items].sort(bySectionOrder);
  const { user } = useSession();
  const grid = kernel.menu.slot('home.grid').filter((entry) => shownTo(entry, user as UserInfo | null));

  // A plugin's notice bar may hold notices: only the home's own, when shown, count as nothing.
  const noNotices = noticeBar === null && data?.notices.length === 0;
  const nothing = status === 'ready' && filled.settled && data && data.banners.length === 0 && noNotices && sections.length === 0 && grid.length === 0;

  return (
    <Page header={<HomeHeader name={site.config?.siteName ?? ''} logo={site.config?.siteLogo ?? ''} search={site.isEnabled('goods')} />}>
      {status === 'error' && !data ? (
        <ErrorState message={error || t('error')} onRetry={() => void loadHome(kernel.http, homeStore, true)} />
      ) : !data ? (
        <div className="home-banner-frame" aria-busy="true">
          <Skeleton image={750 / 350} rows={0} />
        </div>
      ) : (
        data.banners.length > 0 && <BannerSwiper banners={data.banners} />
      )}
      <NoticeSlot bar={noticeBar} notices={data?.notices} />
      {nothing && <Empty text={t('empty')} />}
      <MenuSlotView slot="home.grid" className="home-grid" columns={gridColumns(grid.length)} />
      {sections.map(({ id, component: Section }) => (
        <Suspense key={id} fallback={<Skeleton rows={2} />}>
          <Section />
        </Suspense>
      ))}
    </Page>
  );
}

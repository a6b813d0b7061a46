/** The home page's own header: logo and site name, and a search bar when the goods plugin is on. */
import { useT } from '@kernel/client/hooks';
import { Img, NavBar, SearchBar } from '@kernel/client/ui';

const SEARCH_PATH = '/goods/search/search';

export function HomeHeader({ name, logo, search }: { name: string; logo: string; search: boolean }) {
  const { t } = useT('home');
  return (
    <NavBar tone="theme" className="home-header">
      <div className="home-header__brand">
        {logo && <Img src={logo} alt="" width={28} height={28} lazy={false} className="home-header__logo" />}
        <span className="home-header__name">{name}</span>
      </div>
      {search && <SearchBar to={SEARCH_PATH} placeholder={t('search_placeholder')} />}
    </NavBar>
  );
}

/** The home page's own header: logo and site name, and a search bar when the goods plugin is on. */
import { useT } from '@kernel/client/hooks';
import { Icon, Img, Link } from '@kernel/client/ui';

const SEARCH_PATH = '/goods/search/search';

export function HomeHeader({ name, logo, search }: { name: string; logo: string; search: boolean }) {
  const { t } = useT('home');
  return (
    <header className="home-header">
      <div className="home-header__brand">
        {logo && <Img src={logo} alt="" width={28} height={28} lazy={false} className="home-header__logo" />}
        <span className="home-header__name">{name}</span>
      </div>
      {search && (
        <Link to={SEARCH_PATH} className="home-header__search" role="search">
          <Icon name="search" size={16} />
          <span>{t('search_placeholder')}</span>
        </Link>
      )}
    </header>
  );
}

/** The page for unknown routes, and for routes of plugins the site has switched off. */
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { NavBar } from '../ui/NavBar';
import { HOME_PATH } from '../registries';
import { useNav } from '../hooks';

export function NotFound() {
  const { t } = useTranslation('kernel');
  const nav = useNav();
  return (
    <>
      <NavBar title={t('ui.not_found_title')} />
      <div className="sf-center-screen" role="alert">
        <Icon name="search" size={56} />
        <h2>{t('ui.not_found_title')}</h2>
        <p>{t('ui.not_found_text')}</p>
        <Button variant="primary" round onClick={() => nav.replace(HOME_PATH)}>
          {t('ui.go_home')}
        </Button>
      </div>
    </>
  );
}

/**
 * The navigation bar: back arrow, centred title, optional right-hand actions. The shell draws one
 * for `navBar: 'default'` routes; `custom` pages put their own in <Page header={...}>.
 */
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KernelContext } from '../context';
import { Icon } from './Icon';
import './navbar.css';

export interface NavBarProps {
  title?: ReactNode;
  /** `true` (default) goes back in history; a function replaces that; `false` hides the arrow. */
  back?: boolean | (() => void);
  left?: ReactNode;
  right?: ReactNode;
  /** `theme`: theme-coloured with white text; `transparent`: no background or border (over a surface page). */
  tone?: 'surface' | 'theme' | 'transparent';
  className?: string;
}

export function NavBar({ title, back = true, left, right, tone = 'surface', className = '' }: NavBarProps) {
  const kernel = useContext(KernelContext);
  const { t } = useTranslation('kernel');
  const goBack = typeof back === 'function' ? back : () => (kernel ? kernel.nav.back() : history.back());
  return (
    <header className={`sf-navbar sf-navbar--${tone} ${className}`}>
      <div className="sf-navbar__side">
        {back !== false && (
          <button type="button" className="sf-navbar__back" onClick={goBack} aria-label={t('ui.back')}>
            <Icon name="back" size={22} />
          </button>
        )}
        {left}
      </div>
      <h1 className="sf-navbar__title">{title}</h1>
      <div className="sf-navbar__side sf-navbar__side--right">{right}</div>
    </header>
  );
}

/**
 * The navigation bar: back arrow, centred title, optional right-hand actions. The shell draws one
 * for `navBar: 'default'` routes; `custom` pages put their own in <Page header={...}>.
 * Tab-bar pages are roots: there is nothing to go back to, so their bar has no arrow by default.
 */
import { useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KernelContext } from '../context';
import { FrameContext } from './frame';
import { IconButton } from './IconButton';
import './navbar.css';

export interface NavBarProps {
  title?: ReactNode;
  /**
   * `true` goes back in history; a function replaces that; `false` hides the arrow.
   * Default: `true`, except on a route with `tabbar: true`.
   */
  back?: boolean | (() => void);
  left?: ReactNode;
  right?: ReactNode;
  /** Content that takes the whole middle instead of a title, e.g. a search bar. */
  children?: ReactNode;
  /** `theme`: theme-coloured with white text; `transparent`: no background or border (over a surface page). */
  tone?: 'surface' | 'theme' | 'transparent';
  className?: string;
}

export function NavBar({ title, back, left, right, children, tone = 'surface', className = '' }: NavBarProps) {
  const kernel = useContext(KernelContext);
  const frame = useContext(FrameContext);
  const { t } = useTranslation('kernel');
  const showBack = back ?? !frame.tabbar;
  const goBack = typeof back === 'function' ? back : () => (kernel ? kernel.nav.back() : history.back());
  const filled = children !== undefined;
  return (
    <header className={`sf-navbar sf-navbar--${tone}${filled ? ' sf-navbar--filled' : ''} ${className}`}>
      <div className="sf-navbar__side">
        {showBack !== false && <IconButton icon="back" size={22} label={t('ui.back')} className="sf-navbar__back" onClick={goBack} />}
        {left}
      </div>
      {filled ? <div className="sf-navbar__content">{children}</div> : <h1 className="sf-navbar__title">{title}</h1>}
      <div className="sf-navbar__side sf-navbar__side--right">{right}</div>
    </header>
  );
}

/**
 * The page frame: an optional header (a `custom` page's own bar), the content, and an optional
 * footer fixed to the bottom of the column (above the tab bar when the shell shows one). The
 * window scrolls, so sticky headers and load-more sentinels behave as in a browser page.
 */
import { useContext, type ReactNode } from 'react';
import { FrameContext } from './frame';
import './page.css';

export interface PageProps {
  header?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  /** White background instead of the grey page background. */
  surface?: boolean;
  className?: string;
}

export function Page({ header, footer, children, surface, className = '' }: PageProps) {
  const frame = useContext(FrameContext);
  const classes = ['sf-page', surface && 'sf-page--surface', footer !== undefined && 'sf-page--with-footer', className];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {header}
      <main className="sf-page__body">{children}</main>
      {footer !== undefined && (
        <footer className={`sf-page__footer sf-fixed-bottom${frame.tabbar ? ' sf-page__footer--over-tabbar' : ''}`}>
          {footer}
        </footer>
      )}
    </div>
  );
}

/**
 * The notice bar under the banners: the bar a plugin puts into `home.noticeBar` (article's, whose
 * notices open their page) when an enabled plugin fills the point, else the home plugin's own.
 * While the filling plugin's code loads, a blank bar holds the place, so the home's own notices
 * never flash first; a filler that fails to load leaves the home's own.
 */
import { Suspense, type ComponentType } from 'react';
import { useExtensions, useKernel } from '@kernel/client/hooks';
import type { Notice } from '../contract';
import { homeNoticeBar } from '../points';
import { Notices } from './Notices';

/** A plugin's bar; `undefined` while the plugin filling the point is still loading; null for the home's own. */
export function useNoticeBar(): ComponentType | null | undefined {
  const kernel = useKernel();
  const { items, settled } = useExtensions(homeNoticeBar);
  if (!settled && kernel.plugins.enabled().some((plugin) => plugin.fills?.includes(homeNoticeBar.id))) return undefined;
  return items[0]?.component ?? null;
}

export function NoticeSlot({ bar: Bar, notices }: { bar: ComponentType | null | undefined; notices: readonly Notice[] | undefined }) {
  const waiting = <div className="home-notices__waiting" aria-busy="true" />;
  // Empty (no notices anywhere) collapses away in CSS.
  return (
    <div className="home-notices">
      {Bar === undefined ? waiting : Bar ? <Suspense fallback={waiting}><Bar /></Suspense> : notices && <Notices notices={notices} />}
    </div>
  );
}

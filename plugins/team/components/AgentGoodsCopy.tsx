/**
 * Copying an agent's share link (a goods link or their list's link) on the page's own origin:
 * a toast when copied; when the browser refuses (an insecure page, an old browser, a permission
 * denied), the link is shown to be copied by hand, as the invite page does.
 */
import { useCallback } from 'react';
import { useService } from '@kernel/client/hooks';
import { BrowserToken } from '@kernel/client/tokens';
import { shareLink } from '../share';
import { useCopy } from './copy';

/** `copy(path, done)`: copies the full link of the app path, then says `done` (already translated). */
export function useCopyLink(): (path: string, done: string) => Promise<void> {
  const browser = useService(BrowserToken);
  const copy = useCopy();
  return useCallback((path, done) => copy(shareLink(browser.pageUrl(), path), done), [browser, copy]);
}

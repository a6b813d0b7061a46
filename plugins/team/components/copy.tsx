/**
 * Copying a code or a link to the clipboard: a toast when copied; when the browser refuses (an
 * insecure page, an old browser, a permission denied), the text is shown to be copied by hand.
 */
import { useCallback } from 'react';
import { useT } from '@kernel/client/hooks';
import { alert, toast } from '@kernel/client/ui';
import './copy.css';

/** `copy(text, done)`: copies `text`, then says `done` (already translated). */
export function useCopy(): (text: string, done: string) => Promise<void> {
  const { t } = useT('team');
  return useCallback(
    async (text, done) => {
      try {
        await navigator.clipboard.writeText(text);
        toast(done, { icon: 'success' });
      } catch {
        await alert({ title: t('invite.copy_refused'), content: <CopyByHand text={text} /> });
      }
    },
    [t],
  );
}

function CopyByHand({ text }: { text: string }) {
  const { t } = useT('team');
  return (
    <>
      <p>{t('invite.copy_yourself')}</p>
      <p className="team-copy-by-hand">{text}</p>
    </>
  );
}

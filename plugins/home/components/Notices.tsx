/** The home plugin's own notice bar: titles take turns; tapping one shows its text in a modal. */
import { alert, NoticeBar } from '@kernel/client/ui';
import type { Notice } from '../contract';

export function Notices({ notices }: { notices: readonly Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <NoticeBar
      items={notices.map((n) => n.title)}
      onClick={(index) => {
        const notice = notices[index];
        void alert({ title: notice.title, content: notice.content });
      }}
    />
  );
}

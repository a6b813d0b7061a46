/**
 * An article's or a notice's body: HTML the server sanitised when it was written and again when
 * read (kernel/server/rich-text.ts); here its pictures get the site's CDN prefix and load lazily.
 */
import { useMemo } from 'react';
import { cdnUrl } from '@kernel/core/cdn';
import { useSite } from '@kernel/client/hooks';
import { prepareRichHtml } from '@kernel/client/rich-html';
import './rich-body.css';

export function RichBody({ html }: { html: string }) {
  const cdn = useSite().config?.cdnUrl ?? '';
  const prepared = useMemo(() => prepareRichHtml(html, (path) => cdnUrl(path, cdn)), [html, cdn]);
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: prepared }} />;
}

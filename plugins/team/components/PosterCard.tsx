/**
 * The invite poster on the page (who invites, the shop, the QR code of the invite link, the code)
 * and its "save" button, which draws the same poster on a canvas and downloads it as a PNG.
 */
import { useState } from 'react';
import { useT, type CallState } from '@kernel/client/hooks';
import { Button, ErrorState, Img, Skeleton, toast, useCdn } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';
import type { InviteInfo } from '../contract';
import { browserEdges, savePoster } from './poster';

export interface PosterCardProps {
  info: InviteInfo;
  /** The QR code of the invite link, as the page asked for it. */
  qr: CallState<{ url: string }>;
}

/** The theme colour as the page shows it, for the canvas (which reads no CSS). */
const themeColour = () => getComputedStyle(document.documentElement).getPropertyValue('--theme').trim() || '#e93323';

export function PosterCard({ info, qr }: PosterCardProps) {
  const { t } = useT('team');
  const cdn = useCdn();
  const [saving, setSaving] = useState(false);
  const invites = t('poster.invites_you', { nickname: info.nickname });
  const code = t('poster.code', { code: info.code });
  const caption = t('poster.caption', { site: info.site_name });

  const save = async (qrUrl: string) => {
    setSaving(true);
    try {
      const content = { siteName: info.site_name, invites, code, caption, qr: cdn(qrUrl), avatar: cdn(info.avatar), accent: themeColour() };
      await savePoster(browserEdges, content, `invite-${info.code}.png`);
      toast(t('poster.saved'), { icon: 'success' });
    } catch {
      toast(t('poster.save_failed'), { icon: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="team-poster" aria-labelledby="team-poster-title">
      <h2 id="team-poster-title" className="team-invite__heading">
        {t('poster.title')}
      </h2>
      <figure className="team-poster__card" data-testid="team-poster">
        <div className="team-poster__head">
          <Avatar src={info.avatar} size={56} lazy={false} className="team-poster__avatar" />
          <p className="team-poster__invites">{invites}</p>
          <p className="team-poster__site">{info.site_name}</p>
        </div>
        <div className="team-poster__qr">
          {qr.status === 'error' ? (
            <ErrorState message={qr.error?.msg || t('poster.qr_failed')} onRetry={() => void qr.reload()} />
          ) : qr.data ? (
            <Img src={qr.data.url} alt={t('poster.qr_alt')} width={200} height={200} lazy={false} />
          ) : (
            <Skeleton rows={0} image={1} className="team-poster__qr-skeleton" />
          )}
        </div>
        <p className="team-poster__code">{code}</p>
        <figcaption className="team-poster__caption">{caption}</figcaption>
      </figure>
      <Button variant="primary" block round loading={saving} disabled={!qr.data} onClick={() => qr.data && void save(qr.data.url)}>
        {t('poster.save')}
      </Button>
    </section>
  );
}

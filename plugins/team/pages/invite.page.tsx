/**
 * Invite friends (`/team/invite/invite`): the shopper's invite code and link, each with a copy
 * button; their team's size on both levels; who invited them and since when, or, for a shopper
 * invited by nobody, a form to bind an inviter by code; and the poster with the QR code of the
 * link, which can be saved as an image. The link is the register page with the code, on the
 * page's own origin (the app routes by hash).
 */
import { useState } from 'react';
import { dateOnly } from '@kernel/core/time';
import { showRefusal, useForm } from '@kernel/client/form';
import { useCall, useKernel, useService, useT } from '@kernel/client/hooks';
import { BrowserToken } from '@kernel/client/tokens';
import { Button, Cell, CellGroup, ErrorState, Loader, Page, Skeleton, toast } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';
import { Field } from '@kernel/client/ui/Field';
import { PosterCard } from '../components/PosterCard';
import { teamContract, type InviteInfo, type TeamParent } from '../contract';
import { MEMBERS_PATH } from '../paths';
import './invite.css';
import { useCopy } from '../components/copy';

export default function InvitePage() {
  const { t } = useT('team');
  const invite = useCall(teamContract.invite, {});
  return (
    <Page className="team-invite">
      {invite.status === 'error' ? (
        <ErrorState message={invite.error?.msg} onRetry={() => void invite.reload()} />
      ) : !invite.data ? (
        <div className="team-invite__loading" aria-busy="true">
          <Loader block={false} text={t('invite.loading')} />
          <Skeleton rows={3} avatar count={2} />
        </div>
      ) : (
        <Invite info={invite.data} />
      )}
    </Page>
  );
}

function Invite({ info }: { info: InviteInfo }) {
  const { t } = useT('team');
  const browser = useService(BrowserToken);
  const link = `${new URL(browser.pageUrl()).origin}/#${info.path}`;
  // The server encodes the link of the page that asks (its Origin): the same link as shown here.
  const qr = useCall(teamContract.qrCode, { path: info.path });
  const [parent, setParent] = useState(info.parent);
  return (
    <>
      <section className="team-invite__card" aria-labelledby="team-invite-code">
        <h2 id="team-invite-code" className="team-invite__heading">
          {t('invite.code_label')}
        </h2>
        <p className="team-invite__code" data-testid="team-invite-code">
          {info.code}
        </p>
        <CopyButton text={info.code} label={t('invite.copy_code')} done={t('invite.copied_code')} />
        <h2 className="team-invite__heading">{t('invite.link_label')}</h2>
        <p className="team-invite__link" data-testid="team-invite-link">
          {link}
        </p>
        <CopyButton text={link} label={t('invite.copy_link')} done={t('invite.copied_link')} />
      </section>
      <CellGroup title={t('invite.team_title')}>
        <Cell label={t('invite.direct')} value={info.direct} to={MEMBERS_PATH} />
        <Cell label={t('invite.indirect')} value={info.indirect} to={`${MEMBERS_PATH}?level=2`} />
      </CellGroup>
      {parent ? <Inviter parent={parent} /> : <BindForm onBound={setParent} />}
      <PosterCard info={info} qr={qr} />
    </>
  );
}

/** Copies `text`; when the browser refuses, shows it to be copied by hand (../components/copy.tsx). */
function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const copy = useCopy();
  return (
    <Button size="small" round onClick={() => void copy(text, done)}>
      {label}
    </Button>
  );
}

function Inviter({ parent }: { parent: TeamParent }) {
  const { t } = useT('team');
  return (
    <section className="team-invite__card team-invite__parent" aria-labelledby="team-invite-parent">
      <h2 id="team-invite-parent" className="team-invite__heading">
        {t('invite.parent_title')}
      </h2>
      <div className="team-invite__person">
        <Avatar src={parent.avatar} size={44} />
        <div>
          <p className="team-invite__name">{parent.nickname}</p>
          {parent.bound_at !== null && <p className="team-invite__since">{t('invite.parent_since', { date: dateOnly(parent.bound_at) })}</p>}
        </div>
      </div>
    </section>
  );
}

/** Binds an inviter by code, once: the server's refusals show beside the field. */
function BindForm({ onBound }: { onBound: (parent: TeamParent) => void }) {
  const kernel = useKernel();
  const { t } = useT('team');
  const form = useForm({ invite: '' });
  const submit = form.handleSubmit({
    validate: (values) => (values.invite.trim() ? null : { field: 'invite', key: 'team:invite.bind_required' }),
    send: async (values) => {
      try {
        const parent = await kernel.http.data(teamContract.bind, { invite: values.invite.trim() }, { toastError: false });
        toast(t('invite.bound', { nickname: parent.nickname }), { icon: 'success' });
        onBound(parent);
      } catch (failure) {
        showRefusal(form, failure);
      }
    },
  });
  return (
    <section className="team-invite__card" aria-labelledby="team-invite-bind">
      <h2 id="team-invite-bind" className="team-invite__heading">
        {t('invite.bind_title')}
      </h2>
      <p className="team-invite__hint">{t('invite.bind_hint')}</p>
      <form className="team-invite__bind" onSubmit={submit} noValidate>
        <Field label={t('invite.bind_label')} placeholder={t('invite.bind_placeholder')} autoComplete="off" maxLength={16} {...form.field('invite')} />
        <Button type="submit" variant="primary" round loading={form.busy}>
          {t('invite.bind_submit')}
        </Button>
      </form>
    </section>
  );
}

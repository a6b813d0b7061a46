/**
 * Customer service (`/user/service/service`, default navigation bar): the shopper is given a
 * staff member (getServicePeaple: the one they talked to before, else the least busy online) and
 * talks with them live. Before that: loading, "no customer service, contact the administrator"
 * when the site has no staff, or an error with a retry. Staff members (is_staff) are shown the
 * way to their desk instead.
 */
import { useEffect } from 'react';
import { useCall, useKernel, useSession, useT } from '@kernel/client/hooks';
import { isStaffUser } from '@kernel/core/user';
import { Button, Empty, ErrorState, Page, Skeleton } from '@kernel/client/ui';
import { Conversation } from '../components/Conversation';
import { DeskLink } from '../components/DeskLink';
import { PeerCard } from '../components/PeerCard';
import { StaffNotice } from '../components/StaffNotice';
import { chatContract } from '../contract';
import { chatStore } from '../store';
import { loadRooms, showRoom } from '../store-rooms';
import '../components/chat.css';

export default function ServicePage() {
  const { user } = useSession();
  // Staff answer at the desk: asking for a staff member of their own could only say "no customer service".
  return isStaffUser(user) ? <StaffNotice /> : <ShopperService />;
}

function ShopperService() {
  const kernel = useKernel();
  const { t } = useT('chat');
  const service = useCall(chatContract.getServicePeaple, {});
  const { data } = service;

  useEffect(() => void loadRooms(kernel, chatStore), [kernel]);
  useEffect(() => {
    if (data) showRoom(kernel, chatStore, data.room);
  }, [kernel, data]);

  if (data) {
    return (
      <Conversation
        roomId={data.room.id}
        top={
          <>
            <DeskLink />
            <PeerCard peer={data.staff} />
          </>
        }
      />
    );
  }
  let content;
  if (service.status === 'loading') content = <Skeleton rows={2} avatar count={3} />;
  else if (service.error?.reason === 'business') {
    // The one refusal getServicePeaple makes: the site has no staff account at all.
    const retry = (
      <Button size="small" round onClick={() => void service.reload()}>
        {t('no_service_retry')}
      </Button>
    );
    content = <Empty icon="service" text={service.error.msg || t('message.no_service')} action={retry} />;
  } else content = <ErrorState message={service.error?.msg} onRetry={() => void service.reload()} />;
  return (
    <Page className="chat-page">
      <div className="chat-page__top">
        <DeskLink />
      </div>
      {content}
    </Page>
  );
}

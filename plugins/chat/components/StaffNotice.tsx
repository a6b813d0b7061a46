/**
 * What a staff member finds on the shopper's customer-service page: not "no customer service"
 * (they are it), but the way to their desk, where shoppers' questions arrive.
 */
import { useNav, useT } from '@kernel/client/hooks';
import { Button, Empty, Page } from '@kernel/client/ui';
import { DESK_PATH } from '../paths';

export function StaffNotice() {
  const { t } = useT('chat');
  const nav = useNav();
  const toDesk = (
    <Button variant="primary" size="small" round onClick={() => nav.to(DESK_PATH)}>
      {t('desk.entry')}
    </Button>
  );
  return (
    <Page className="chat-page">
      <Empty icon="service" text={t('desk.staff_here')} action={toDesk} />
    </Page>
  );
}

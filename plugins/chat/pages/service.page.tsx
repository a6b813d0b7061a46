/** Customer-service chat (`/user/service/service`): a placeholder until the chat page lands. */
import { useT } from '@kernel/client/hooks';
import { Empty, Page } from '@kernel/client/ui';

export default function ServicePage() {
  const { t } = useT('chat');
  return (
    <Page>
      <Empty icon="service" text={t('placeholder')} />
    </Page>
  );
}

/**
 * My orders (`/user/myOrder/myOrder?type=`): tabs all, unpaid, to ship, shipping, received and
 * cancelled (the tab is in the URL, so the member centre's entries and "back" land on it), a
 * paged list of order cards, and each order's actions; an action refreshes the list.
 */
import { useNav, usePaged, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { HOME_PATH } from '@kernel/client/registries';
import { Button, Empty, List, Page } from '@kernel/client/ui';
import { Tabs } from '@kernel/client/ui/Tabs';
import { OrderCard } from '../components/OrderCard';
import { useOrderActions } from '../components/order-actions';
import { orderContract, type OrderSummary } from '../contract';
import { MY_ORDERS_PATH } from '../paths';
import { TABS, tabOf } from '../rules';
import type { ListTab } from '../states';
import '../components/order.css';

export default function MyOrdersPage({ query }: PageProps) {
  const { t } = useT('order');
  const nav = useNav();
  const tab = tabOf(query.type);
  const state = usePaged<typeof orderContract.list, OrderSummary>(orderContract.list, { type: tab }, { limit: 10 });
  const actions = useOrderActions(() => void state.reload());

  const choose = (next: ListTab) => {
    if (next !== tab) nav.replace(MY_ORDERS_PATH, next === 'all' ? {} : { type: next });
  };
  const empty = (
    <Empty
      icon="order"
      text={t('list.empty')}
      action={
        <Button size="small" round onClick={() => nav.to(HOME_PATH)}>
          {t('list.go_shopping')}
        </Button>
      }
    />
  );
  return (
    <Page className="order-list-page">
      <Tabs items={TABS.map((key) => ({ key, label: t(`tab.${key}`) }))} value={tab} onChange={choose} sticky className="order-tabs" />
      <List state={state} itemKey={(order) => order.order_no} renderItem={(order) => <OrderCard order={order} actions={actions} />} empty={empty} />
    </Page>
  );
}

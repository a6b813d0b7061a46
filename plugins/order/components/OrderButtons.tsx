/** The buttons of the actions an order's state allows (pay, cancel, confirm receipt). */
import { useT } from '@kernel/client/hooks';
import { Button } from '@kernel/client/ui';
import { actionsFor } from '../rules';
import type { OrderActions, OrderRef } from './order-actions';
import './order.css';

export function OrderButtons({ order, actions }: { order: OrderRef; actions: OrderActions }) {
  const { t } = useT('order');
  const allowed = actionsFor(order.status);
  if (allowed.length === 0) return null;
  return (
    <div className="order-buttons">
      {allowed.map((action) => (
        <Button
          key={action}
          size="small"
          round
          variant={action === 'cancel' ? 'default' : 'primary'}
          loading={actions.busy === order.order_no && action !== 'pay'}
          disabled={actions.busy !== null}
          onClick={() => void actions.run(order, action)}
        >
          {t(`action.${action}`)}
        </Button>
      ))}
    </div>
  );
}

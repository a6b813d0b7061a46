/**
 * "立即购买" in the goods detail's bottom bar (the `goods.actions` extension point): once the
 * choice names an SKU in stock, opens the settlement for one of it (the quantity is changed
 * there). The settlement route asks an anonymous visitor to log in and brings them back. The
 * manifest imports this file, so it stays a few lines.
 */
import { useKernel, useT } from '@kernel/client/hooks';
// The kit's files, not its index: the index would bring every component into the first bundle.
import { Button } from '@kernel/client/ui/Button';
import { toast } from '@kernel/client/ui/overlay';
import { choiceProblem, type GoodsActionProps } from '@plugins/goods/public-client';
import { SETTLEMENT_PATH } from '../paths';

export function BuyNow({ goods, choice }: GoodsActionProps) {
  const kernel = useKernel();
  const { t } = useT('order');
  const buy = () => {
    const problem = choiceProblem(choice);
    if (problem || !choice.sku) return void toast(t(problem?.key ?? 'goods:detail.sold_out', problem?.params));
    kernel.nav.to(SETTLEMENT_PATH, { from: 'buy', goods_id: goods.id, sku_id: choice.sku.id, num: 1 });
  };
  return (
    <Button variant="primary" round style={{ flex: 1 }} onClick={buy}>
      {t('buy_now')}
    </Button>
  );
}

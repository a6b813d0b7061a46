/**
 * "加入购物车" in the goods detail's bottom bar. The page's SKU chooser picks the spec; this
 * button asks for what is missing, then opens a sheet with the chosen SKU and a quantity stepper
 * (the choice carries no quantity), and adds that many. Anonymous visitors log in first.
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useKernel, useSession, useT } from '@kernel/client/hooks';
import { Button, Img, Price, toast } from '@kernel/client/ui';
import { Stepper } from '@kernel/client/ui/Stepper';
import { Sheet } from '@kernel/client/ui/Sheet';
import { choiceProblem, type GoodsActionProps } from '@plugins/goods/public-client';
import { MAX_QUANTITY } from '../limits';
import { addToCart } from '../store-changes';
import { sayCap } from './quantity-cap';
import './add-to-cart.css';

export default function AddToCart({ goods, choice }: GoodsActionProps) {
  const kernel = useKernel();
  const { t } = useT('cart');
  const { loggedIn } = useSession();
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const sku = choice.sku;

  const start = () => {
    if (!loggedIn) return kernel.nav.login();
    const problem = choiceProblem(choice);
    if (problem) return void toast(t(problem.key, problem.params));
    setQuantity(1);
    setOpen(true);
  };

  const add = async () => {
    if (!sku || busy) return;
    setBusy(true);
    try {
      await addToCart(kernel, { goodsId: goods.id, skuId: sku.id, quantity });
      setOpen(false);
      toast(t('add.added'), { icon: 'success' });
    } catch (failure) {
      // The kernel has shown the refusal (stock, off sale); the sheet stays open to change the quantity.
      if (!isCallError(failure)) throw failure;
    } finally {
      setBusy(false);
    }
  };

  const spec = sku ? goods.specs.map((d) => d.valueLabels?.[sku.spec[d.name]] ?? sku.spec[d.name]).filter(Boolean).join(' / ') : '';
  return (
    <>
      <Button variant="primary" round className="cart-add" onClick={start}>
        {t('add.button')}
      </Button>
      {sku && (
        <Sheet
          open={open}
          title={t('add.title')}
          onClose={() => setOpen(false)}
          footer={
            <Button variant="primary" block round loading={busy} onClick={() => void add()}>
              {t('add.confirm')}
            </Button>
          }
        >
          <div className="cart-add__sku">
            <Img src={choice.image} alt="" width={80} height={80} className="cart-add__image" />
            <div className="cart-add__facts">
              <Price value={sku.price} />
              {spec && <span className="cart-add__spec">{spec}</span>}
              <span className="cart-add__stock">{t('add.stock', { count: sku.stock })}</span>
            </div>
          </div>
          <div className="cart-add__quantity">
            <span>{t('add.quantity')}</span>
            <Stepper value={quantity} onChange={setQuantity} min={1} max={Math.min(sku.stock, MAX_QUANTITY)} label={t('add.quantity')} onClamp={sayCap(t)} />
          </div>
        </Sheet>
      )}
    </>
  );
}

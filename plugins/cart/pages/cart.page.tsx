/**
 * The cart (`/pages/cart/cart`, a tab): the shopper's lines, newest first, with tick boxes,
 * quantity steppers and line totals; the footer totals the selection and leads to the order
 * plugin's settlement. "管理" switches to edit mode, where any line (a greyed one too) can be
 * ticked and the ticked ones deleted after a confirmation. Loading, empty and error states.
 * The cart lives in ../store.ts; prices and rules on the server.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { isCallError } from '@kernel/client/call-error';
import { useKernel, useT } from '@kernel/client/hooks';
import { HOME_PATH } from '@kernel/client/registries';
import { Button, confirm, Empty, ErrorState, NavBar, Page, Skeleton, toast } from '@kernel/client/ui';
import { CartFooter } from '../components/CartFooter';
import { CartLineItem } from '../components/CartLineItem';
import { SETTLEMENT_PATH } from '../paths';
import { allSelected, selectionTotals } from '../selection';
import { cartStore, loadCart } from '../store';
import { deleteLines, selectLines, setQuantity } from '../store-changes';
import './cart.css';

/** A refusal has been toasted by the kernel and the cart reloaded: nothing more to do here. */
const shown = (failure: unknown) => {
  if (!isCallError(failure)) throw failure;
};

export default function CartPage() {
  const kernel = useKernel();
  const { t } = useT('cart');
  const cart = useSnapshot(cartStore);
  const [editing, setEditing] = useState(false);
  const [marked, setMarked] = useState<ReadonlySet<number>>(new Set());
  const reload = () => void loadCart(kernel, cartStore, true);

  // Fresh prices and stock on every visit; the lines already here stay on screen meanwhile.
  useEffect(reload, [kernel]);
  // Lines that went away (deleted, or gone after a reload) are no longer marked.
  useEffect(() => {
    setMarked((current) => new Set(cart.lines.filter((line) => current.has(line.id)).map((line) => line.id)));
    if (cart.lines.length === 0) setEditing(false);
  }, [cart.lines]);

  const toggleEditing = () => {
    setEditing(!editing);
    setMarked(new Set());
  };
  const header = (
    <NavBar
      title={t('title')}
      right={
        cart.lines.length > 0 && (
          <Button variant="plain" size="small" onClick={toggleEditing}>
            {editing ? t('done') : t('manage')}
          </Button>
        )
      }
    />
  );

  if (cart.lines.length === 0) {
    if (cart.status === 'error') return <Page header={header}><ErrorState message={cart.error} onRetry={reload} /></Page>;
    if (cart.status !== 'ready') return <Page header={header}><Skeleton image={1} rows={2} count={3} /></Page>;
    return (
      <Page header={header}>
        <Empty
          icon="cart"
          text={t('empty.text')}
          action={<Button variant="primary" size="small" round onClick={() => kernel.nav.to(HOME_PATH)}>{t('empty.shop')}</Button>}
        />
      </Page>
    );
  }

  const mark = (id: number, on: boolean) => {
    const next = new Set(marked);
    if (on) next.add(id);
    else next.delete(id);
    setMarked(next);
  };
  const everyMarked = marked.size === cart.lines.length;
  const remove = async () => {
    if (marked.size === 0) return void toast(t('choose_delete'));
    if (!(await confirm({ content: t('delete_confirm', { count: marked.size }) }))) return;
    await deleteLines(kernel, [...marked]).then(() => toast(t('deleted'), { icon: 'success' }), shown);
  };
  const totals = selectionTotals(cart.lines);
  const checkout = () => {
    if (totals.lines === 0) return void toast(t('choose_checkout'));
    kernel.nav.to(SETTLEMENT_PATH, { from: 'cart' });
  };

  return (
    <Page
      header={header}
      footer={
        editing ? (
          <CartFooter all={everyMarked} onAll={(on) => setMarked(new Set(on ? cart.lines.map((l) => l.id) : []))}>
            <Button variant="danger" round onClick={() => void remove()}>
              {t('delete')}
            </Button>
          </CartFooter>
        ) : (
          <CartFooter all={allSelected(cart.lines)} onAll={(on) => void selectLines(kernel, 'all', on).catch(shown)} total={totals.total}>
            <Button variant="primary" round onClick={checkout}>
              {t('checkout', { count: totals.quantity })}
            </Button>
          </CartFooter>
        )
      }
    >
      <ul className="cart-lines">
        {cart.lines.map((line) => (
          <CartLineItem
            key={line.id}
            line={line}
            editing={editing}
            checked={editing ? marked.has(line.id) : line.selected}
            onCheck={(on) => (editing ? mark(line.id, on) : void selectLines(kernel, [line.id], on).catch(shown))}
            onQuantity={(quantity) => void setQuantity(kernel, line.id, quantity).catch(shown)}
          />
        ))}
      </ul>
    </Page>
  );
}

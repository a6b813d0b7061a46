/**
 * The settlement's shipping address: the chosen (or default) one, which opens the address list
 * in select mode; without any, "请先添加收货地址" and a button to the address form in select
 * mode (the saved address becomes the pick, and the form comes back here).
 */
import { useNav, useT } from '@kernel/client/hooks';
import { Button, Icon, Link } from '@kernel/client/ui';
import { ADDRESS_NEW_PATH, ADDRESS_PICK_PATH } from '@plugins/address/public-client';
import type { Settlement } from '../contract';
import './order.css';

export function AddressSection({ address }: { address: Settlement['address'] }) {
  const { t } = useT('order');
  const nav = useNav();
  if (!address) {
    return (
      <section className="order-card order-address order-address--missing" role="alert">
        <Icon name="location" size={22} />
        <p className="order-address__prompt">{t('message.address_required')}</p>
        <Button variant="primary" size="small" round onClick={() => nav.to(ADDRESS_NEW_PATH)}>
          {t('settlement.add_address')}
        </Button>
      </section>
    );
  }
  return (
    <Link to={ADDRESS_PICK_PATH} className="order-card order-address" aria-label={t('settlement.change_address')}>
      <Icon name="location" size={22} />
      <span className="order-address__main">
        <span className="order-address__who">
          <span>{address.consignee}</span>
          <span>{address.mobile}</span>
        </span>
        <span className="order-address__text">{address.address}</span>
      </span>
      <Icon name="arrow-right" size={16} className="order-address__arrow" />
    </Link>
  );
}

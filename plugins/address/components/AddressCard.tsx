/**
 * One address on the list: contact, masked mobile, the default badge and the full address, with
 * "set as default", "edit" and "delete" under it. In select mode the upper part is a button that
 * picks the address; the chosen one is marked.
 */
import { useT } from '@kernel/client/hooks';
import { Button, Icon } from '@kernel/client/ui';
import type { Address } from '../contract';
import { maskMobile } from '@kernel/core/mask';

export interface AddressCardProps {
  address: Address;
  /** Select mode: tapping the address picks it. */
  onChoose?: () => void;
  chosen?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onSetDefault: () => void;
}

export function AddressCard({ address, onChoose, chosen, onEdit, onDelete, onSetDefault }: AddressCardProps) {
  const { t } = useT('address');
  const body = (
    <>
      <span className="address-card__who">
        <span className="address-card__name">{address.name}</span>
        <span className="address-card__mobile">{maskMobile(address.mobile)}</span>
        {address.is_default === 1 && <span className="address-card__badge">{t('list.default')}</span>}
      </span>
      <span className="address-card__text">{address.full_address}</span>
    </>
  );
  return (
    <article className={`address-card${chosen ? ' address-card--chosen' : ''}`} aria-label={address.name}>
      {onChoose ? (
        <button type="button" className="address-card__body" onClick={onChoose} aria-label={t('list.choose', { name: address.name })} aria-current={chosen || undefined}>
          {body}
          {chosen && <Icon name="check" className="address-card__check" />}
        </button>
      ) : (
        <div className="address-card__body">{body}</div>
      )}
      <div className="address-card__actions">
        {address.is_default === 1 ? (
          <span className="address-card__is-default">{t('list.default')}</span>
        ) : (
          <Button variant="plain" size="small" onClick={onSetDefault}>
            {t('list.set_default')}
          </Button>
        )}
        <span className="address-card__spacer" />
        <Button variant="plain" size="small" onClick={onEdit}>
          {t('list.edit')}
        </Button>
        <Button variant="plain" size="small" onClick={onDelete}>
          {t('list.delete')}
        </Button>
      </div>
    </article>
  );
}

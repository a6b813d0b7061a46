/**
 * The address list (`/user/address/address`, default navigation bar): the shopper's addresses,
 * the default first, with set-default, edit and delete (after a confirmation), and the loading,
 * empty and error states. `?select=1` is checkout's picker: tapping an address makes it the
 * chosen one (`addressStore.chosenId`) and goes back.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isCallError } from '@kernel/client/call-error';
import { useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Button, confirm, Empty, ErrorState, Page, Skeleton, toast } from '@kernel/client/ui';
import { AddressCard } from '../components/AddressCard';
import { ADDRESS_FORM_PATH, isSelectMode } from '../paths';
import { addressStore, chooseAddress, loadAddresses, removeAddress, setDefaultAddress } from '../store';
import './address.css';

/** Runs a change; the kernel has already shown a refusal, so one only stops the toast. */
async function attempt(change: Promise<void>, done: string): Promise<void> {
  try {
    await change;
    toast(done, { icon: 'success' });
  } catch (failure) {
    if (!isCallError(failure)) throw failure;
  }
}

export default function AddressPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('address');
  const { list, status, error, chosenId } = useSnapshot(addressStore);
  const select = isSelectMode(query);
  const reload = () => void loadAddresses(kernel.http, addressStore, true);

  // Fresh on every visit (the form may have changed it); what is here stays on screen meanwhile.
  useEffect(reload, [kernel]);

  const add = () => kernel.nav.to(ADDRESS_FORM_PATH, select ? { select: '1' } : undefined);
  const addButton = (
    <Button variant="primary" block round onClick={add}>
      {t('list.add')}
    </Button>
  );

  const remove = async (id: number) => {
    if (await confirm(t('list.delete_confirm'))) await attempt(removeAddress(kernel.http, id), t('list.deleted'));
  };
  const choose = (id: number) => {
    chooseAddress(id);
    kernel.nav.back();
  };

  let content;
  if (status === 'error' && list.length === 0) content = <ErrorState message={error} onRetry={reload} />;
  else if (list.length === 0) content = status === 'ready' ? <Empty icon="location" text={t('list.empty')} action={addButton} /> : <Skeleton rows={2} count={3} />;
  else {
    content = (
      <div className="address-list">
        {select && <p className="address-list__hint">{t('list.choose_hint')}</p>}
        {list.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            chosen={select && address.id === chosenId}
            onChoose={select ? () => choose(address.id) : undefined}
            onEdit={() => kernel.nav.to(ADDRESS_FORM_PATH, { id: address.id })}
            onDelete={() => void remove(address.id)}
            onSetDefault={() => void attempt(setDefaultAddress(kernel.http, address.id), t('list.default_set'))}
          />
        ))}
      </div>
    );
  }

  return (
    <Page footer={list.length > 0 ? <div className="address-footer">{addButton}</div> : undefined}>
      {content}
    </Page>
  );
}

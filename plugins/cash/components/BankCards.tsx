/**
 * The shopper's bank cards on the add-card page: bank, masked number and holder, each with a
 * delete (after a confirmation; the server refuses while a cash-out to the card is unpaid).
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import type { CallState } from '@kernel/client/hooks';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, CellGroup, Empty, ErrorState, Skeleton, confirm, toast } from '@kernel/client/ui';
import { cashContract, type BankCard } from '../contract';

export function BankCards({ state }: { state: CallState<BankCard[]> }) {
  const { t } = useT('cash');
  const kernel = useKernel();
  const [deleting, setDeleting] = useState<number | null>(null);
  const cards = state.data;

  const remove = async (card: BankCard) => {
    if (!(await confirm({ title: t('cards.delete_title'), content: t('cards.delete_confirm', { bank: card.bank, last4: card.card.slice(-4) }) }))) return;
    setDeleting(card.id);
    try {
      await kernel.http.data(cashContract.delBankCard, { bank_id: card.id });
      toast(t('cards.deleted'), { icon: 'success' });
    } catch (failure) {
      if (!isCallError(failure)) throw failure;
    } finally {
      setDeleting(null);
      await state.reload();
    }
  };

  let content;
  if (state.status === 'error' && !cards) content = <ErrorState message={state.error?.msg} onRetry={() => void state.reload()} />;
  else if (!cards) content = <Skeleton rows={2} count={2} />;
  else if (cards.length === 0) content = <Empty icon="card" text={t('cards.empty')} />;
  else {
    content = (
      <ul className="cash-cards">
        {cards.map((card) => (
          <li key={card.id} className="cash-card" aria-label={t('cards.card', { bank: card.bank, last4: card.card.slice(-4) })}>
            <span className="cash-card__bank">{card.bank}</span>
            <span className="cash-card__number">{card.card}</span>
            <span className="cash-card__holder">{card.holder}</span>
            <Button size="small" round variant="plain" loading={deleting === card.id} onClick={() => void remove(card)} aria-label={t('cards.delete', { last4: card.card.slice(-4) })}>
              {t('cards.delete_short')}
            </Button>
          </li>
        ))}
      </ul>
    );
  }
  return <CellGroup title={t('cards.title')}>{content}</CellGroup>;
}

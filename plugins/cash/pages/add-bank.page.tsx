/**
 * Add bank card (`/user/addBank/addBank`, the member centre's 银行卡): the form, and under it the
 * shopper's cards with a delete, so a wrong card can be removed where cards are managed. The
 * cash-out page only picks one. Opened from the cash-out (`?from=cashOut`), a new card returns
 * there, where it is picked first.
 */
import { useCall, useNav } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Page } from '@kernel/client/ui';
import { AddCardForm } from '../components/AddCardForm';
import { BankCards } from '../components/BankCards';
import { cashContract } from '../contract';
import { FROM_CASH_OUT } from '../paths';
import './cash.css';

export default function AddBankPage({ query }: PageProps) {
  const nav = useNav();
  const cards = useCall(cashContract.bankCardList, {});
  const added = () => {
    if (query.from === FROM_CASH_OUT) nav.back();
    else void cards.reload();
  };
  return (
    <Page className="cash-page">
      <AddCardForm onAdded={added} />
      <BankCards state={cards} />
    </Page>
  );
}

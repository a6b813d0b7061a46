/** Balance (`/user/money/money`): the balance now and the money ledger, filtered by type. */
import type { PageProps } from '@kernel/client/plugin';
import { LedgerView } from '../components/LedgerView';
import { MONEY_PATH } from '../paths';

export default function MoneyPage({ query }: PageProps) {
  return <LedgerView account="money" path={MONEY_PATH} query={query} />;
}

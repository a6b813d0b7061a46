/** Cash-out log (`/user/cashLog/cashLog`): the shopper's cash-outs, newest first, paged, with their states. */
import { useNav, usePaged, useT } from '@kernel/client/hooks';
import { Button, Empty, List, Page } from '@kernel/client/ui';
import { CashRecordCard } from '../components/CashRecordCard';
import { cashContract, type CashRecord } from '../contract';
import { CASH_OUT_PATH } from '../paths';
import './cash.css';

export default function CashLogPage() {
  const { t } = useT('cash');
  const nav = useNav();
  const state = usePaged<typeof cashContract.cashLog, CashRecord>(cashContract.cashLog, {}, { limit: 10 });
  const empty = (
    <Empty
      icon="wallet"
      text={t('log.empty')}
      action={
        <Button size="small" round onClick={() => nav.to(CASH_OUT_PATH)}>
          {t('log.go_cash_out')}
        </Button>
      }
    />
  );
  return (
    <Page className="cash-page">
      <List state={state} itemKey={(record) => record.id} renderItem={(record) => <CashRecordCard record={record} />} empty={empty} />
    </Page>
  );
}

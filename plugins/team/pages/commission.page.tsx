/**
 * My commission (`/team/commission/commission?state=frozen`): the totals at the top (frozen,
 * credited, credited in total, owed), tabs for all records or those of one state (in the URL, so
 * "back" lands on it), and the records newest first, paged, each with its timeline. Every reply
 * carries the totals, whatever the tab; no commission yet points to the invite page.
 */
import { useState } from 'react';
import { useNav, usePaged, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Button, Empty, List, Page, Skeleton } from '@kernel/client/ui';
import { Tabs } from '@kernel/client/ui/Tabs';
import { CommissionCard } from '../components/CommissionCard';
import { CommissionSummary } from '../components/CommissionSummary';
import { COMMISSION_STATES, teamContract, type CommissionPage as CommissionReply, type CommissionRecord, type CommissionStateName, type CommissionTotals } from '../contract';
import { COMMISSION_PATH, INVITE_PATH } from '../paths';
import './commission.css';

type Filter = 'all' | CommissionStateName;
const FILTERS: readonly Filter[] = ['all', ...COMMISSION_STATES];
const filterOf = (value: string | undefined): Filter => (FILTERS.includes(value as Filter) ? (value as Filter) : 'all');
/** Inviting more friends earns more of these; the others are only ever good news when empty. */
const INVITE_WHEN_EMPTY: readonly Filter[] = ['all', 'frozen', 'available'];

export default function CommissionPage({ query }: PageProps) {
  const { t } = useT('team');
  const nav = useNav();
  const filter = filterOf(query.state);
  const [totals, setTotals] = useState<CommissionTotals | null>(null);
  const state = usePaged<typeof teamContract.commission, CommissionRecord>(teamContract.commission, filter === 'all' ? {} : { state: filter }, {
    limit: 10,
    select(reply) {
      const page = reply as CommissionReply;
      setTotals(page.totals);
      return { items: page.list, total: page.total };
    },
  });

  const choose = (next: Filter) => {
    if (next !== filter) nav.replace(COMMISSION_PATH, next === 'all' ? {} : { state: next });
  };
  const empty = (
    <Empty
      icon="yuan"
      text={t(`commission.empty.${filter}`)}
      action={
        INVITE_WHEN_EMPTY.includes(filter) && (
          <Button size="small" variant="primary" round onClick={() => nav.to(INVITE_PATH)}>
            {t('commission.invite')}
          </Button>
        )
      }
    />
  );
  return (
    <Page className="team-commission-page">
      {totals ? <CommissionSummary totals={totals} /> : state.status === 'loading' && <Skeleton rows={2} className="team-commission-totals__loading" />}
      <Tabs items={FILTERS.map((key) => ({ key, label: t(`commission.tab.${key}`) }))} value={filter} onChange={choose} sticky />
      <List state={state} className="team-commission-list" itemKey={(record) => record.id} renderItem={(record) => <CommissionCard record={record} />} empty={empty} />
    </Page>
  );
}

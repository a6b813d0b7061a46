/**
 * What the balance and score pages share: the account's current value big at the top, tabs
 * 全部 / 收入 / 支出 (in the URL as `?type=income|expense`, so "back" lands on the tab), and the
 * ledger as an endless list with its loading, empty and error states; the balance has what other
 * plugins hold of it (a pending cash-out) and its actions (cash out, card keys) under it. Each reply carries the current value, which the session takes,
 * so the member centre shows it too.
 */
import { useKernel, useNav, usePaged, useSession, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Empty, List, Page, Price } from '@kernel/client/ui';
import { Tabs } from '@kernel/client/ui/Tabs';
import { dateTime } from '@kernel/core/time';
import { WalletActions } from './WalletActions';
import { WalletHeld } from './WalletHeld';
import { LEDGER_TYPES, walletContract, type BalancePage, type LedgerFilter, type LedgerRow, type ScorePage } from '../contract';
import './wallet.css';

type Account = 'money' | 'score';
type Row = LedgerRow<string> | LedgerRow<number>;

const FILTERS = Object.keys(LEDGER_TYPES) as LedgerFilter[];
const filterOf = (value: string | undefined): LedgerFilter => (FILTERS.includes(value as LedgerFilter) ? (value as LedgerFilter) : 'all');

export function LedgerView({ account, path, query }: { account: Account; path: string; query: PageProps['query'] }) {
  const kernel = useKernel();
  const nav = useNav();
  const session = useSession();
  const { t } = useT('wallet');
  const filter = filterOf(query.type);
  const call = account === 'money' ? walletContract.balance : walletContract.integral;
  const state = usePaged<typeof call, Row>(
    call,
    { type: LEDGER_TYPES[filter] },
    {
      limit: 20,
      select(reply) {
        const page = reply as BalancePage | ScorePage;
        kernel.session.update('money' in page ? { money: page.money } : { score: page.score });
        return { items: page.list, total: page.total };
      },
    },
  );

  const choose = (next: LedgerFilter) => {
    if (next !== filter) nav.replace(path, next === 'all' ? {} : { type: next });
  };
  const user = session.user;
  return (
    <Page className="wallet-page">
      <section className="wallet-current" aria-label={t(`current.${account}`)}>
        <p className="wallet-current__label">{t(`current.${account}`)}</p>
        <strong className="wallet-current__value" data-testid="wallet-current">
          {account === 'money' ? <Price value={user?.money ?? '0.00'} size="large" /> : (user?.score ?? 0)}
        </strong>
        {account === 'money' && <WalletHeld />}
        {account === 'money' && <WalletActions />}
      </section>
      <Tabs items={FILTERS.map((key) => ({ key, label: t(`tab.${key}`) }))} value={filter} onChange={choose} sticky />
      <List
        state={state}
        className="wallet-ledger"
        itemKey={(row) => row.id}
        renderItem={(row) => <LedgerLine row={row} account={account} />}
        empty={<Empty icon="wallet" text={t(`empty.${filter}`)} />}
      />
    </Page>
  );
}

function LedgerLine({ row, account }: { row: Row; account: Account }) {
  const { t } = useT('wallet');
  // Money comes signed from the server ("+50.00"); points are plain numbers.
  const amount = typeof row.amount === 'number' && row.amount > 0 ? `+${row.amount}` : String(row.amount);
  const income = !amount.startsWith('-');
  return (
    <article className="wallet-line" aria-label={`${row.reason} ${amount}`}>
      <div className="wallet-line__main">
        <p className="wallet-line__reason">{row.reason}</p>
        {row.memo && <p className="wallet-line__memo">{row.memo}</p>}
        <time className="wallet-line__time" dateTime={new Date(row.createtime * 1000).toISOString()}>
          {dateTime(row.createtime)}
        </time>
      </div>
      <div className="wallet-line__side">
        <strong className={`wallet-line__amount wallet-line__amount--${income ? 'in' : 'out'}`}>{amount}</strong>
        <span className="wallet-line__after">{t(account === 'money' ? 'row.balance_after' : 'row.score_after', { value: row.balance_after })}</span>
      </div>
    </article>
  );
}

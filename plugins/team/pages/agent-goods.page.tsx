/**
 * Promoted goods (`/team/agentGoods/agentGoods`). With `?agent=<code>`, that agent's public list
 * for anyone: who picked them, and the goods, each opening the detail with the code (so a visit
 * is noted for the agent). Without it, the shopper's own list: how many, a copy of the list's
 * link and of each goods link, a remove button on each, and how to add more (the "推广" button on
 * any goods page). The server says whose list it is (`mine`), so a shopper opening their own
 * shared link manages it. A visitor without a code is asked to log in.
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useCall, useKernel, useNav, usePaged, useSession, useT, type PagedState } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { refusedField } from '@kernel/client/refusal';
import { Button, Empty, ErrorState, List, Page, Skeleton, toast } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';
import type { GoodsCard } from '@plugins/goods/contract';
import { AgentGoodsCard } from '../components/AgentGoodsCard';
import { useCopyLink } from '../components/AgentGoodsCopy';
import { teamContract, type AgentGoodsPage as Reply, type AgentInfo } from '../contract';
import { agentListPath, CATALOGUE_PATH, goodsPath } from '../share';
import './agent-goods.css';

const LIMIT = 20;
/** Whose list: an agent's code, or nothing for the shopper's own. */
type Who = { agent?: string };

export default function AgentGoodsPage({ query }: PageProps) {
  const { loggedIn } = useSession();
  const agent = (query.agent ?? '').trim();
  const who: Who = agent ? { agent } : {};
  // The first page names the agent; the list pages on from it.
  const first = useCall(teamContract.agentGoods, agent || loggedIn ? { ...who, page: 1, limit: LIMIT } : null);
  let content;
  if (!agent && !loggedIn) content = <LoginPrompt />;
  else if (first.status === 'error') content = <Refused error={first.error} onRetry={() => void first.reload()} />;
  else if (!first.data) content = <Loading />;
  else content = <Listing first={first.data} who={who} />;
  return <Page className="team-agent-goods">{content}</Page>;
}

function LoginPrompt() {
  const { t } = useT('team');
  const nav = useNav();
  return (
    <Empty
      icon="user"
      text={t('agent.login_hint')}
      action={
        <Button size="small" variant="primary" round onClick={() => nav.login()}>
          {t('agent.login')}
        </Button>
      }
    />
  );
}

/** An unknown code is the server's word on it, with nothing to retry; other failures may be retried. */
function Refused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = refusedField(error);
  if (refused?.field === 'agent') return <ErrorState message={refused.message} />;
  return <ErrorState message={isCallError(error) ? error.msg : undefined} onRetry={onRetry} />;
}

function Loading() {
  return (
    <div className="team-agent-goods__loading" aria-busy="true">
      <Skeleton rows={1} avatar />
      <Skeleton rows={2} image={1} count={4} className="team-agent-goods__skeleton" />
    </div>
  );
}

function Listing({ first, who }: { first: Reply; who: Who }) {
  const paged = usePaged<typeof teamContract.agentGoods, GoodsCard>(teamContract.agentGoods, who, { limit: LIMIT, initial: first });
  return first.mine ? <Mine agent={first.agent} paged={paged} /> : <Theirs agent={first.agent} paged={paged} />;
}

type Paged = PagedState<GoodsCard>;

function Theirs({ agent, paged }: { agent: AgentInfo; paged: Paged }) {
  const { t } = useT('team');
  return (
    <>
      <header className="team-agent-goods__head">
        <Avatar src={agent.avatar} size={48} lazy={false} />
        <h1 className="team-agent-goods__title">{t('agent.heading', { name: agent.nickname })}</h1>
      </header>
      <List
        state={paged}
        columns={2}
        className="team-agent-goods__list"
        loading={<Loading />}
        itemKey={(goods) => goods.id}
        renderItem={(goods) => <AgentGoodsCard goods={goods} to={goodsPath(goods.id, agent.code)} />}
        empty={<Empty icon="package" text={t('agent.empty_agent')} />}
      />
    </>
  );
}

function Mine({ agent, paged }: { agent: AgentInfo; paged: Paged }) {
  const kernel = useKernel();
  const { t } = useT('team');
  const nav = useNav();
  const copy = useCopyLink();
  // Removed goods leave at once; the reload that follows brings the pages after them forward.
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<number | null>(null);
  const items = paged.items.filter((goods) => !removed.has(goods.id));
  const count = (paged.total ?? paged.items.length) - (paged.items.length - items.length);

  const remove = async (goods: GoodsCard) => {
    setRemoving(goods.id);
    try {
      await kernel.http.data(teamContract.handleAgentGoods, { goods_id: goods.id, action: 'remove' });
      setRemoved((before) => new Set(before).add(goods.id));
      toast(t('agent.removed'), { icon: 'success' });
      void paged.reload();
    } catch (failure) {
      if (!isCallError(failure)) throw failure; // the kernel has shown the refusal
    } finally {
      setRemoving(null);
    }
  };
  const browse = (
    <Button size="small" round onClick={() => nav.to(CATALOGUE_PATH)}>
      {t('agent.browse')}
    </Button>
  );
  return (
    <>
      <section className="team-agent-goods__card" aria-labelledby="team-agent-goods-mine">
        <h1 id="team-agent-goods-mine" className="team-agent-goods__title">
          {t('agent.mine_heading')}
        </h1>
        <p className="team-agent-goods__count" role="status">
          {t('agent.count', { count })}
        </p>
        <p className="team-agent-goods__hint">{t('agent.hint')}</p>
        <div className="team-agent-goods__buttons">
          {count > 0 && (
            <Button size="small" variant="primary" round onClick={() => void copy(agentListPath(agent.code), t('agent.copied_list'))}>
              {t('agent.copy_list')}
            </Button>
          )}
          {browse}
        </div>
      </section>
      <List
        state={{ ...paged, items }}
        columns={2}
        className="team-agent-goods__list"
        loading={<Loading />}
        itemKey={(goods) => goods.id}
        renderItem={(goods) => (
          <AgentGoodsCard goods={goods} to={goodsPath(goods.id)}>
            <Button size="small" round onClick={() => void copy(goodsPath(goods.id, agent.code), t('agent.copied_goods'))}>
              {t('agent.copy_goods')}
            </Button>
            <Button size="small" variant="danger" round loading={removing === goods.id} disabled={removing !== null} onClick={() => void remove(goods)}>
              {t('agent.remove')}
            </Button>
          </AgentGoodsCard>
        )}
        empty={<Empty icon="package" text={t('agent.empty_mine')} action={browse} />}
      />
    </>
  );
}

/**
 * "推广" in the goods detail's bottom bar, for a logged-in shopper: whether they promote the goods
 * (`agentStatus`), a tap to pick or drop them, and once picked, a control that copies the goods
 * link carrying their code. A visitor sees nothing. The detail opened from an agent's link
 * (`?agent=<code>`) is noted for that agent (`visit`), silently, once the shopper is logged in:
 * the login page brings them back to the same link.
 */
import { useEffect, useRef, useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useCall, useKernel, useQuery, useSession, useT } from '@kernel/client/hooks';
import { Button, toast } from '@kernel/client/ui';
import type { GoodsActionProps } from '@plugins/goods/public-client';
import { teamContract } from '../contract';
import { goodsPath } from '../share';
import { useCopyLink } from './AgentGoodsCopy';
import './promote.css';

export default function PromoteButton({ goods }: GoodsActionProps) {
  const { loggedIn } = useSession();
  useVisit(goods.id, loggedIn);
  return loggedIn ? <Promote goodsId={goods.id} /> : null;
}

/** Notes the agent of the link once per mount (and goods), when logged in; failures go unsaid. */
function useVisit(goodsId: number, loggedIn: boolean) {
  const kernel = useKernel();
  const agent = (useQuery().agent ?? '').trim();
  const noted = useRef('');
  useEffect(() => {
    const key = `${agent} ${goodsId}`;
    if (!loggedIn || !agent || noted.current === key) return;
    noted.current = key;
    kernel.http.data(teamContract.visit, { agent, goods_id: goodsId }, { toastError: false }).catch(() => {});
  }, [kernel, agent, goodsId, loggedIn]);
}

function Promote({ goodsId }: { goodsId: number }) {
  const kernel = useKernel();
  const { t } = useT('team');
  const copy = useCopyLink();
  const status = useCall(teamContract.agentStatus, { goods_id: goodsId });
  // The toggle's reply, once the shopper has tapped: newer than the status read at mount.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  if (!status.data) return null;
  const { code } = status.data;
  const picked = toggled ?? status.data.picked;

  const toggle = async () => {
    setBusy(true);
    try {
      const reply = await kernel.http.data(teamContract.handleAgentGoods, { goods_id: goodsId, action: picked ? 'remove' : 'add' });
      setToggled(reply.picked);
      toast(t(reply.picked ? 'agent.promote.added' : 'agent.promote.removed'), { icon: 'success' });
    } catch (failure) {
      // The kernel has shown the refusal (off sale, too many goods).
      if (!isCallError(failure)) throw failure;
    } finally {
      setBusy(false);
    }
  };

  // Beside the bar's wide buttons, which share the rest of it: its own width, stacked.
  return (
    <div className="team-promote">
      <Button size="small" round variant={picked ? 'plain' : 'default'} loading={busy} onClick={() => void toggle()}>
        {t(picked ? 'agent.promote.picked' : 'agent.promote.add')}
      </Button>
      {picked && (
        <Button size="small" variant="plain" className="team-promote__copy" onClick={() => void copy(goodsPath(goodsId, code), t('agent.promote.copied'))}>
          {t('agent.promote.copy')}
        </Button>
      )}
    </div>
  );
}

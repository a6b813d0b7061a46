/**
 * The team programme: a shopper's invite code, link and poster (`/team/invite/invite`), binding a
 * new shopper to the inviter (at registration, or once later by code), the team's members on two
 * levels (`/team/teamPeaple/teamPeaple`), the commission their orders earn
 * (`/team/commission/commission`), and agent goods: the goods a shopper promotes, shared as a list
 * or a goods link carrying their code (`/team/agentGoods/agentGoods`). The binding is the kernel user's `parent_id` (the
 * user-info field `invite` is the shopper's own code).
 */
import { describePlugin } from '@kernel/core/descriptor';
import { goodsActions } from '@plugins/goods/points';
import { AGENT_GOODS_PATH, COMMISSION_PATH, INVITE_PATH, MEMBERS_PATH } from './paths';
import { teamSettings } from './settings';

export default describePlugin({
  id: 'team',
  version: '1.0.0',
  requires: ['auth', 'order', 'goods'],
  // Operator commands (./operator.ts): `storefront team tree <user>`, `storefront team rebind <user> <parent>`.
  commands: true,
  routes: [
    { path: INVITE_PATH, page: 'invite', navBar: 'default', title: 'team:invite.title', auth: true },
    { path: MEMBERS_PATH, page: 'members', navBar: 'default', title: 'team:members.title', auth: true },
    { path: COMMISSION_PATH, page: 'commission', navBar: 'default', title: 'team:commission.title', auth: true },
    // A shared list (`?agent=<code>`) opens for anyone; without it, the shopper's own (the page asks to log in).
    { path: AGENT_GOODS_PATH, page: 'agent-goods', navBar: 'default', title: 'team:agent.title' },
  ],
  menu: [
    { slot: 'member.services', id: 'team-invite', label: 'team:menu.invite', icon: 'gift', to: INVITE_PATH, order: 20, auth: true },
    { slot: 'member.services', id: 'team-members', label: 'team:menu.members', icon: 'team', to: MEMBERS_PATH, order: 21, auth: true },
    { slot: 'member.services', id: 'team-commission', label: 'team:menu.commission', icon: 'yuan', to: COMMISSION_PATH, order: 22, auth: true },
    { slot: 'member.services', id: 'team-agent-goods', label: 'team:menu.agent', icon: 'package', to: AGENT_GOODS_PATH, order: 23, auth: true },
  ],
  // The promote button on the goods detail (./index.ts).
  fills: [goodsActions],
  settings: teamSettings,
});

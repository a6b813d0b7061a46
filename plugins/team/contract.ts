/**
 * The team plugin's calls. Identity comes from the token: a shopper reads and binds only their own.
 * `POST /api/index/getMiniQrCode {path}` is the spec's name for the QR image of a link in the shop.
 */
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { empty, id, limit, optionalText, page, text } from '@kernel/core/schemas';
import type { GoodsCard } from '@plugins/goods/contract';

/** Who invited the shopper, as the invite page shows it. */
export interface TeamParent {
  nickname: string;
  avatar: string;
  /** Unix seconds: when the binding was made. */
  bound_at: number | null;
}

export interface InviteInfo {
  /** The shopper's own invite code (user-info `invite`). */
  code: string;
  /** The app path a friend registers through: the register page with the code (`/pages/user/register?invite=…`). */
  path: string;
  nickname: string;
  avatar: string;
  site_name: string;
  /** Null when the shopper was invited by nobody: they may then bind once by code (`bind`). */
  parent: TeamParent | null;
  /** Members on the first and second level. */
  direct: number;
  indirect: number;
}

export interface TeamMember {
  id: number;
  nickname: string;
  avatar: string;
  /** 138****8000; empty when the member has no mobile. */
  mobile: string;
  /** Unix seconds: when they registered. */
  joined_at: number;
  /** Their orders that were paid (not cancelled or refunded since). */
  orders: number;
  /** Yuan: the commission the shopper earned from their orders, frozen or credited (not reversed or taken back). */
  commission: string;
}

export interface TeamMembers {
  list: TeamMember[];
  total: number;
  page: number;
  limit: number;
}

export const TEAM_LEVELS = [1, 2] as const;

/** frozen: until the freeze after completion ends; available: credited to the balance; reversed: the order's money went back first; clawed: taken back after it was credited. */
export const COMMISSION_STATES = ['frozen', 'available', 'reversed', 'clawed'] as const;
export type CommissionStateName = (typeof COMMISSION_STATES)[number];

export interface CommissionRecord {
  id: number;
  order_no: string;
  /** The buyer's nickname. */
  buyer: string;
  level: 1 | 2;
  /** How it was earned: the buyer is in the shopper's team, or bought through the shopper's goods link. */
  via: 'invite' | 'agent';
  /** Yuan. */
  amount: string;
  /** Yuan: what the order paid, after discounts. */
  base: string;
  /** The rate in force when the order was paid: "10%". */
  rate: string;
  state: CommissionStateName;
  /** Unix seconds: the timeline. `release_at` is when it is (or was) due; null until the order completes. */
  created_at: number;
  release_at: number | null;
  released_at: number | null;
  reversed_at: number | null;
  clawed_at: number | null;
}

/** Yuan. paid_out: everything ever credited; available: credited and kept; owed: taken back but not yet covered. */
export interface CommissionTotals {
  frozen: string;
  available: string;
  paid_out: string;
  owed: string;
}

export interface CommissionPage {
  totals: CommissionTotals;
  list: CommissionRecord[];
  total: number;
  page: number;
  limit: number;
}

/** Whose goods a list shows: the agent's code (their invite code), name and picture. */
export interface AgentInfo {
  code: string;
  nickname: string;
  avatar: string;
}

export interface AgentGoodsPage {
  agent: AgentInfo;
  /** The list is the caller's own. */
  mine: boolean;
  list: GoodsCard[];
  total: number;
  page: number;
  limit: number;
}

export const teamContract = {
  invite: defineCall({ path: '/api/team/invite', auth: 'required', payload: empty(), reply: shape<InviteInfo>(), summary: "The shopper's invite code, link, and who invited them" }),
  bind: defineCall({
    path: '/api/team/bind',
    auth: 'required',
    payload: z.object({ invite: text(16) }),
    labels: { invite: 'team:field.invite' },
    reply: shape<TeamParent>(),
    summary: 'Binds a shopper invited by nobody to the owner of the code, once; never to themselves or their own team',
  }),
  members: defineCall({
    path: '/api/team/members',
    auth: 'required',
    payload: z.object({ level: z._default(z.union([z.literal(1), z.literal(2)]), 1), keyword: optionalText(30), page: page(), limit: limit(50) }),
    reply: shape<TeamMembers>(),
    summary: "The shopper's team on one level (1: invited by them, 2: by those), newest first, searchable by nickname or mobile",
  }),
  commission: defineCall({
    path: '/api/team/commission',
    auth: 'required',
    payload: z.object({ state: z.optional(z.enum(COMMISSION_STATES)), page: page(), limit: limit(50) }),
    reply: shape<CommissionPage>(),
    summary: "The shopper's commission: totals, and its records newest first, of one state or all",
  }),
  handleAgentGoods: defineCall({
    path: '/api/goods/handelAgentGoods',
    auth: 'required',
    payload: z.object({ goods_id: id(), action: z.enum(['add', 'remove']) }),
    reply: shape<{ picked: boolean; count: number }>(),
    summary: 'Adds goods to the shopper\'s promoted goods, or removes them; how many they promote',
  }),
  agentGoodsCount: defineCall({
    path: '/api/goods/agentGoodsCount',
    auth: 'optional',
    payload: z.object({ agent_user_id: id() }),
    reply: shape<{ count: number }>(),
    summary: 'How many goods a shopper promotes',
  }),
  agentGoods: defineCall({
    path: '/api/team/agentGoods',
    auth: 'optional',
    payload: z.object({ agent: optionalText(16), page: page(), limit: limit(50) }),
    labels: { agent: 'team:field.agent' },
    reply: shape<AgentGoodsPage>(),
    summary: "An agent's promoted goods (by their code; the caller's own without one), newest first, on sale only",
  }),
  agentStatus: defineCall({
    path: '/api/team/agentStatus',
    auth: 'required',
    payload: z.object({ goods_id: id() }),
    reply: shape<{ picked: boolean; code: string }>(),
    summary: 'Whether the shopper promotes the goods, and their code for its share link',
  }),
  visit: defineCall({
    path: '/api/team/visit',
    auth: 'required',
    payload: z.object({ agent: text(16), goods_id: id() }),
    labels: { agent: 'team:field.agent' },
    reply: shape<{ recorded: boolean }>(),
    summary: "The shopper followed an agent's link to goods: an order of them within the referral days pays the agent",
  }),
  qrCode: defineCall({
    path: '/api/index/getMiniQrCode',
    auth: 'required',
    payload: z.object({ path: text(300) }),
    reply: shape<{ url: string }>(),
    summary: 'A QR code (PNG, made once and kept) of the link to an app path of this shop',
  }),
} as const;

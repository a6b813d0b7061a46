/** The team plugin's table, merged into the kernel's `Database`. Times are unix seconds. */
import type { Generated } from 'kysely';

export interface TeamBindingTable {
  id: Generated<number>;
  user_id: number;
  parent_id: number;
  /** The inviter before an operator's rebinding; null for a first binding by code. */
  previous_id: number | null;
  via: 'code' | 'operator';
  created_at: number;
}

export type CommissionState = 'frozen' | 'available' | 'reversed' | 'clawed';

/** Amounts in fen; `rate` in basis points of `base` (what the order paid), as in force when it was paid. */
export interface TeamCommissionTable {
  id: Generated<number>;
  order_id: number;
  order_no: string;
  buyer_id: number;
  user_id: number;
  level: number;
  base: number;
  rate: number;
  amount: number;
  state: CommissionState;
  /** When it is credited: the order's completion plus the freeze; null until the order completes. */
  release_at: number | null;
  created_at: number;
  released_at: number | null;
  reversed_at: number | null;
  clawed_at: number | null;
  /** How it was earned: the buyer's inviter (and theirs), or an agent's goods link (and the agent's inviter). */
  via: Generated<'invite' | 'agent'>;
}

/** The goods a shopper promotes (agent goods). */
export interface TeamAgentGoodsTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  created_at: number;
}

/** A shopper followed `agent_id`'s link to goods: the latest agent per shopper and goods, dated. */
export interface TeamReferralTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number;
  agent_id: number;
  created_at: number;
}

/** What a clawback could not take from the balance: `left` is still owed, taken from the next commission. */
export interface TeamDebtTable {
  id: Generated<number>;
  user_id: number;
  commission_id: number;
  amount: number;
  left: number;
  created_at: number;
  settled_at: number | null;
}

declare module '@kernel/server/database' {
  interface Database {
    team_binding: TeamBindingTable;
    team_commission: TeamCommissionTable;
    team_debt: TeamDebtTable;
    team_agent_goods: TeamAgentGoodsTable;
    team_referral: TeamReferralTable;
  }
}

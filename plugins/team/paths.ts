/** The team plugin's routes, as the spec names them. */
export const INVITE_PATH = '/team/invite/invite';
export const MEMBERS_PATH = '/team/teamPeaple/teamPeaple';
export const COMMISSION_PATH = '/team/commission/commission';
export const AGENT_GOODS_PATH = '/team/agentGoods/agentGoods';

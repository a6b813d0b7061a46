/**
 * The team plugin on the server: the invite page's data and QR code, binding by code, the team's
 * members, commission on the order hub's events and its release job, and the operator's
 * `team tree`, `team rebind` and `team commission list`. Handlers only parse, call a rule and
 * reply: the rules take domain inputs.
 */
import { subscribe } from '@kernel/server/events';
import { defineServerPlugin } from '@kernel/server/plugin';
import { orderCompleted, orderPaid, orderRefunded } from '@plugins/order/public';
import { agentGoodsCount, agentGoodsPage, agentStatus, handleAgentGoods, recordVisit } from './agent';
import { bindByCode } from './bind';
import { commissionPage } from './commission-page';
import { dateRelease, earnCommission, takeBack } from './commission';
import { teamContract } from './contract';
import { inviteInfo } from './invite';
import { teamInvariants } from './invariants';
import { teamMembers } from './members';
import { team001Init } from './migrations/team_001_init';
import { team002Commission } from './migrations/team_002_commission';
import { team003AgentGoods } from './migrations/team_003_agent_goods';
import { teamCommands } from './operator';
import descriptor from './plugin';
import { qrCodeOf } from './qr';
import { teamJobs } from './release';
import { seedTeam } from './seed';

export default defineServerPlugin(descriptor, {
  migrations: [team001Init, team002Commission, team003AgentGoods],
  routes(api) {
    api.handle(teamContract.invite, (_payload, ctx) => inviteInfo(ctx));
    api.handle(teamContract.bind, (payload, ctx) => bindByCode(ctx.db, ctx.services, ctx.requireUser().id, payload.invite, ctx.services.clock.nowSeconds()));
    api.handle(teamContract.members, (payload, ctx) => teamMembers(ctx, payload));
    api.handle(teamContract.qrCode, (payload, ctx) => qrCodeOf(ctx, payload.path));
    api.handle(teamContract.handleAgentGoods, (payload, ctx) => handleAgentGoods(ctx, payload));
    api.handle(teamContract.agentGoodsCount, (payload, ctx) => agentGoodsCount(ctx.db, payload.agent_user_id));
    api.handle(teamContract.agentGoods, (payload, ctx) => agentGoodsPage(ctx, payload));
    api.handle(teamContract.agentStatus, (payload, ctx) => agentStatus(ctx, payload.goods_id));
    api.handle(teamContract.visit, (payload, ctx) => recordVisit(ctx.db, ctx.services, ctx.requireUser().id, payload.agent, payload.goods_id, ctx.services.clock.nowSeconds()));
    api.handle(teamContract.commission, (payload, ctx) => commissionPage(ctx.db, ctx.services, ctx.requireUser().id, payload));
  },
  // Commission follows the order hub's events, after each move's commit (./commission.ts).
  subscribers: [subscribe(orderPaid, 'commission', earnCommission), subscribe(orderCompleted, 'commission-release-date', dateRelease), subscribe(orderRefunded, 'commission-take-back', takeBack)],
  jobs: teamJobs,
  commands: teamCommands,
  invariants: teamInvariants,
  seed: seedTeam,
});

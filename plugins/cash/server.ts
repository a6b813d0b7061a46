/** The cash plugin on the server: bank cards, cash-outs held through the ledger, staff review. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { applyCash, cashInfo } from './apply';
import { recogniseBank } from './bank-bin';
import { addCard, deleteCard, listCards } from './cards';
import { cashContract } from './contract';
import { cashInvariants } from './invariants';
import { cash001Init } from './migrations/cash_001_init';
import { cash002KernelRequestKeys } from './migrations/cash_002_kernel_request_keys';
import { cashCommands } from './operator';
import { cashLog } from './queries';
import descriptor from './plugin';


export default defineServerPlugin(descriptor, {
  migrations: [cash001Init, cash002KernelRequestKeys],
  routes(api) {
    api.handle(cashContract.addBankCard, (p, ctx) =>
      addCard(ctx.db, { userId: ctx.requireUser().id, holder: p.holder, card: p.card, bank: p.bank, mobile: p.mobile, maxCards: ctx.settings.maxCards, now: ctx.services.clock.nowSeconds() }),
    );
    api.handle(cashContract.bankCardList, (_p, ctx) => listCards(ctx.db, ctx.requireUser().id));
    api.handle(cashContract.delBankCard, (p, ctx) => deleteCard(ctx.db, ctx.requireUser().id, p.bank_id));
    api.handle(cashContract.chkBank, (p) => recogniseBank(p.bank_suff));
    api.handle(cashContract.cashInfo, (_p, ctx) => cashInfo(ctx.db, ctx.services, ctx.settings, ctx.requireUser().id));
    api.handle(cashContract.applyCash, (p, ctx) =>
      applyCash(ctx.db, ctx.services, ctx.settings, ctx.t, { userId: ctx.requireUser().id, amount: p.amount, cardId: p.bank_id }),
      { idempotent: true },
    );
    api.handle(cashContract.cashLog, (p, ctx) => cashLog(ctx.db, ctx.requireUser().id, p.page, p.limit, ctx.t));
  },
  commands: cashCommands,
  invariants: cashInvariants,
});

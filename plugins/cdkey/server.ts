/** The cdkey plugin on the server: redeeming card keys, the batches' operator commands and invariants. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { cdkeyContract } from './contract';
import { cdkeyInvariants } from './invariants';
import { cdkey001Init } from './migrations/cdkey_001_init';
import { cdkeyCommands } from './operator';
import { countAttempt, redeem } from './redeem';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [cdkey001Init],
  routes(api) {
    api.handle(cdkeyContract.applyCdkey, (payload, ctx) => redeem(ctx, payload), { idempotent: true, before: (_payload, ctx) => countAttempt(ctx) });
  },
  commands: cdkeyCommands,
  invariants: cdkeyInvariants,
});

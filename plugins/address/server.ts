/** The address plugin on the server: each shopper's delivery addresses, their table and an operator command. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { addressContract } from './contract';
import { addressInvariants } from './invariants';
import { address001Init } from './migrations/address_001_init';
import { addressCommands } from './operator';
import { seedAddresses } from './seed';
import { addressDetail, listAddresses, removeAddress, saveAddress, setDefaultAddress } from './service';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  migrations: [address001Init],
  routes(api) {
    api.handle(addressContract.list, (_payload, ctx) => listAddresses(ctx.db, ctx.requireUser().id));
    api.handle(addressContract.detail, (payload, ctx) => addressDetail(ctx.db, ctx.requireUser().id, payload.id));
    api.handle(addressContract.save, (payload, ctx) =>
      saveAddress(ctx.db, { userId: ctx.requireUser().id, input: payload, max: ctx.settings.maxAddresses, now: ctx.services.clock.now() }),
    );
    api.handle(addressContract.remove, (payload, ctx) => removeAddress(ctx.db, ctx.requireUser().id, payload.id));
    api.handle(addressContract.setDefault, (payload, ctx) => setDefaultAddress(ctx.db, ctx.requireUser().id, payload.id));
  },
  seed: seedAddresses,
  commands: addressCommands,
  invariants: addressInvariants,
});

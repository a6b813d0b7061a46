/** The member plugin on the API host: the member centre reads the shopper's own profile. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { memberContract } from './contract';

export default defineServerPlugin({
  id: 'member',
  version: '1.0.0',
  requires: ['auth'],
  routes(api) {
    api.handle(memberContract.profile, (_payload, ctx) => ctx.services.users.info(ctx.requireUser().id));
  },
});

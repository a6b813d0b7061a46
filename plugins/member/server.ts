/** The member plugin on the API host: the shopper's own profile (read and edit) and avatar. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { memberContract } from './contract';
import { changeAvatar, updateProfile } from './service';
import descriptor from './plugin';

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(memberContract.profile, (_payload, ctx) => ctx.services.users.info(ctx.requireUser().id));
    api.handle(memberContract.updateProfile, (payload, ctx) => updateProfile(ctx, payload));
    api.handle(memberContract.changeAvatar, (payload, ctx) => changeAvatar(ctx, payload));
  },
});

/** The sign-in plugin on the server: today's check-in, the month calendar and retroactive sign-in. */
import { defineServerPlugin } from '@kernel/server/plugin';
import { monthCalendar } from './calendar';
import { checkIn } from './check-in';
import { signinContract } from './contract';
import { fillDay } from './fill';
import { signin001Init } from './migrations/signin_001_init';
import descriptor from './plugin';
import { refuseWhenOff } from './site-switch';

export default defineServerPlugin(descriptor, {
  migrations: [signin001Init],
  routes(api) {
    api.handle(signinContract.checkIn, (_payload, ctx) => {
      refuseWhenOff(ctx.site);
      return checkIn(ctx);
    });
    api.handle(signinContract.calendar, (payload, ctx) => {
      refuseWhenOff(ctx.site);
      return monthCalendar(ctx, payload.month);
    });
    api.handle(signinContract.fill, (payload, ctx) => {
      refuseWhenOff(ctx.site);
      return fillDay(ctx, payload.date);
    });
  },
});

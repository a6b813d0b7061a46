/**
 * The __id__ plugin on the server: each shopper's own list, its table and an operator command.
 * Handlers only parse, call a rule and reply: the rules (./add.ts, ./entries.ts) take domain inputs.
 */
import { defineServerPlugin } from '@kernel/server/plugin';
import { __id__Contract } from './contract';
import descriptor from './plugin';
import { __id__001Init } from './migrations/__id___001_init';
import { __id__Commands } from './operator';
import { addEntry } from './add';
import { listEntries } from './entries';

export default defineServerPlugin(descriptor, {
  migrations: [__id__001Init],
  routes(api) {
    api.handle(__id__Contract.list, (_payload, ctx) => listEntries(ctx.db, ctx.requireUser().id));
    api.handle(__id__Contract.add, (payload, ctx) =>
      addEntry(ctx.db, { userId: ctx.requireUser().id, title: payload.title, max: ctx.settings.maxEntries, now: ctx.services.clock.now() }),
    );
  },
  commands: __id__Commands,
});

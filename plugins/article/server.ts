/**
 * The article plugin on the server: each shopper's own list, its table and an operator command.
 * Handlers only parse, call a rule and reply: the rules (./add.ts, ./entries.ts) take domain inputs.
 */
import { defineServerPlugin } from '@kernel/server/plugin';
import { articleContract } from './contract';
import descriptor from './plugin';
import { article001Init } from './migrations/article_001_init';
import { articleCommands } from './operator';
import { addEntry } from './add';
import { listEntries } from './entries';

export default defineServerPlugin(descriptor, {
  migrations: [article001Init],
  routes(api) {
    api.handle(articleContract.list, (_payload, ctx) => listEntries(ctx.db, ctx.requireUser().id));
    api.handle(articleContract.add, (payload, ctx) =>
      addEntry(ctx.db, { userId: ctx.requireUser().id, title: payload.title, max: ctx.settings.maxEntries, now: ctx.services.clock.now() }),
    );
  },
  commands: articleCommands,
});

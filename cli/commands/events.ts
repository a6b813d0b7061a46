/**
 * `storefront events`: the deliveries of durable events (kernel/server/events.ts) that are not
 * done — pending (waiting for their turn, their backoff, or a disabled plugin) and failed —
 * and `storefront events retry <event-id>`, which starts an event's deliveries over and tries
 * them at once.
 */
import { Command, InvalidArgumentError } from 'commander';
import { businessDateTime } from '@kernel/server/clock';
import { CliError } from '../cli-error';
import { outputFor, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { siteOption, dataDirOption, databaseUrlOption, jsonOption } from '../options';
import { positive } from './outbox';

interface SiteOptions {
  site?: string;
  dataDir?: string;
  databaseUrl?: string;
  json?: boolean;
}

const eventIdOf = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError(`"${value}" is not an event id (the EVENT column of \`storefront events\`)`);
  return n;
};

function retryCommand(ctx: CliContext): Command {
  return new Command('retry')
    .description("start an event's undelivered (failed or pending) deliveries over and try them now")
    .argument('<event-id>', 'the EVENT column of `storefront events`', eventIdOf)
    .option('--subscriber <plugin/name>', 'only this subscriber’s delivery')
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(jsonOption('the outcome of each delivery'))
    .addHelpText('after', '\nExamples:\n  $ storefront events retry 42\n  $ storefront events retry 42 --subscriber team/commission')
    .action(async (eventId: number, _options: unknown, command: Command) => {
      // `events` declares the same site options: whichever side of `retry` they are written on, they count.
      const options = command.optsWithGlobals<SiteOptions & { subscriber?: string }>();
      const output = outputFor(ctx, options);
      const { withSiteApp } = await import('../site-app');
      const outcomes = await withSiteApp(ctx, options, (app) => app.storefront.events.retry(eventId, options.subscriber));
      output.result(outcomes);
      if (outcomes.length === 0) {
        throw new CliError(`event ${eventId} has no undelivered delivery${options.subscriber ? ` to \`${options.subscriber}\`` : ''} (see \`storefront events\`)`, EXIT.refused);
      }
      for (const o of outcomes) {
        if (o.outcome === 'delivered') output.success(`event ${eventId} → ${o.subscriber}: delivered`);
        else output.line(`${o.outcome === 'failed' ? output.red('✖') : output.yellow('…')} event ${eventId} → ${o.subscriber}: ${o.outcome}: ${o.detail}`);
      }
      const failed = outcomes.filter((o) => o.outcome === 'failed').length;
      if (failed > 0) throw new CliError(`${failed} delivery of event ${eventId} failed again; it is retried with backoff`, EXIT.refused);
    });
}

export function eventsCommand(ctx: CliContext): Command {
  return new Command('events')
    .description('list the deliveries of events that are not done yet: pending and failed (see `events retry`)')
    .option('--failed', 'only the failed ones')
    .option('--limit <n>', 'how many', positive, 50)
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(jsonOption('the deliveries'))
    .addHelpText('after', '\nExamples:\n  $ storefront events\n  $ storefront events --failed --json\n  $ storefront events retry 42')
    .action(async (options: SiteOptions & { failed?: boolean; limit: number }) => {
      const output = outputFor(ctx, options);
      const [{ withSiteApp }, { undeliveredEvents }] = await Promise.all([import('../site-app'), import('@kernel/server/events-queries')]);
      const { rows, total, disabled } = await withSiteApp(ctx, options, async (app) => {
        const { site, registry } = app.storefront;
        const found = await undeliveredEvents(app.storefront.db, { failedOnly: options.failed, limit: options.limit });
        // A disabled plugin's deliveries wait for it: say so rather than leave them looking stuck.
        const off = new Set(registry.plugins.filter((p) => !site.isEnabled(p.id)).map((p) => p.id));
        return { ...found, disabled: off };
      });
      output.result(rows);
      if (rows.length === 0) {
        output.line(options.failed ? 'no failed deliveries' : 'every event is delivered');
        return;
      }
      output.table(
        ['EVENT', 'NAME', 'SUBSCRIBER', 'STATE', 'ATTEMPTS', 'NEXT TRY', 'LAST ERROR'],
        rows.map((r) => [
          String(r.eventId),
          r.name,
          r.subscriber,
          r.state === 'failed' ? output.red('failed') : disabled.has(r.subscriber.split('/')[0]) ? 'pending (plugin disabled)' : 'pending',
          String(r.attempts),
          r.state === 'failed' ? '—' : businessDateTime(r.nextAt * 1000),
          r.lastError || '—',
        ]),
      );
      if (total > rows.length) output.line(output.dim(`… and ${total - rows.length} more (--limit)`));
      if (rows.some((r) => r.state === 'failed')) output.line(output.dim('retry one with `storefront events retry <event-id>`'));
    })
    .addCommand(retryCommand(ctx));
}

/**
 * `storefront outbox`: the latest SMS and e-mail messages the local outbox transport kept
 * (verification codes on a site without an SMS or mail account), newest first.
 */
import { Command, InvalidArgumentError } from 'commander';
import { businessDateTime } from '@kernel/server/clock';
import { outputFor, type CliContext } from '../context';
import { siteOption, dataDirOption, databaseUrlOption, jsonOption } from '../options';

/** A `--limit` from 1 to 1000 (also `storefront events`'). */
export const positive = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InvalidArgumentError(`"${value}" is not a number from 1 to 1000`);
  return n;
};

export function outboxCommand(ctx: CliContext): Command {
  return new Command('outbox')
    .description('show the latest SMS and e-mail messages of the local outbox (codes), newest first')
    .option('--to <target>', 'only messages to this mobile number or e-mail address')
    .option('--limit <n>', 'how many', positive, 10)
    .addOption(siteOption())
    .addOption(dataDirOption())
    .addOption(databaseUrlOption())
    .addOption(jsonOption('the messages'))
    .addHelpText('after', '\nExamples:\n  $ storefront outbox\n  $ storefront outbox --to 13800138000 --limit 1 --json')
    .action(async (options: { to?: string; limit: number; site?: string; dataDir?: string; databaseUrl?: string; json?: boolean }) => {
      const output = outputFor(ctx, options);
      const { withSiteApp } = await import('../site-app');
      const rows = await withSiteApp(ctx, options, (app) => {
        let query = app.storefront.db
          .selectFrom('kernel_outbox')
          .select(['id', 'channel', 'target', 'subject', 'body', 'created_at'])
          .orderBy('id', 'desc')
          .limit(options.limit);
        if (options.to) query = query.where('target', '=', options.to.trim().toLowerCase().includes('@') ? options.to.trim().toLowerCase() : options.to.trim());
        return query.execute();
      });
      const messages = rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        target: r.target,
        subject: r.subject,
        body: r.body,
        code: /\b(\d{4,8})\b/.exec(r.body)?.[1] ?? null,
        sentAt: r.created_at,
      }));
      output.result(messages);
      if (messages.length === 0) {
        output.line(options.to ? `no messages to ${options.to}` : 'the outbox is empty');
        return;
      }
      output.table(
        ['SENT', 'TO', 'CODE', 'MESSAGE'],
        messages.map((m) => [businessDateTime(m.sentAt * 1000), `${m.channel === 'sms' ? '📱' : '✉'} ${m.target}`, output.bold(m.code ?? '—'), m.body]),
      );
    });
}

/**
 * The cdkey plugin's operator commands:
 *   storefront cdkey generate --count N (--balance <yuan> | --score <points>) [--expires YYYY-MM-DD] [--note text]
 *   storefront cdkey list [--batch <id>]
 *   storefront cdkey disable <batch-id>
 */
import * as z from 'zod/mini';
import { formatYuan } from '@kernel/core/money';
import { id as idSchema } from '@kernel/core/schemas';
import { businessDate, businessDateTime } from '@kernel/server/clock';
import { defineCommand, option } from '@kernel/server/operator-options';
import { OperatorError, type OperatorCommand } from '@kernel/server/plugin';
import { batchCards, batchSummaries, disableBatch, generateBatch, type BatchSummary } from './batches';
import { batchSpecOf, checkGenerate, generateOptions } from './generate-options';
import type { CdkeySettings } from './settings';
import type { CdkeyKind } from './tables';

const worth = (kind: CdkeyKind, amount: number) => (kind === 'balance' ? `¥${formatYuan(amount)} balance` : `${amount} points`);
const lastDay = (expiresAt: number | null) => (expiresAt === null ? 'never expires' : `valid through ${businessDate(expiresAt * 1000 - 1000)}`);

function describe(b: BatchSummary): string {
  const state = b.disabled_at !== null ? ', disabled' : '';
  const note = b.note ? `, "${b.note}"` : '';
  return `batch ${b.id}: ${b.count} × ${worth(b.kind, b.amount)}, ${b.used} used, ${b.unused} unused, ${lastDay(b.expires_at)}${state}, created ${businessDateTime(b.created_at * 1000)}${note}`;
}

const wire = (b: BatchSummary) => ({ ...b, amount: b.kind === 'balance' ? formatYuan(b.amount) : b.amount });

export const cdkeyCommands: OperatorCommand<CdkeySettings>[] = [
  defineCommand({
    command: 'cdkey generate',
    description: 'make a batch of card keys worth a balance or points; prints the cards and their passwords once',
    options: generateOptions,
    check: checkGenerate,
    async run({ options, ctx }) {
      const now = ctx.services.clock.nowSeconds();
      const checked = batchSpecOf(options, now);
      if ('problem' in checked) throw new OperatorError(checked.problem);
      const { spec } = checked;
      const { batchId: id, cards } = await generateBatch(ctx.db, { ...spec, now });
      const width = Math.max(...cards.map((c) => c.card.length));
      return {
        lines: [
          `batch ${id} in site \`${ctx.siteName}\`: ${spec.count} × ${worth(spec.kind, spec.amount)}, ${lastDay(spec.expiresAt)}${spec.note ? `, "${spec.note}"` : ''}`,
          'The passwords are shown only now (the site keeps digests): store this list safely.',
          `${'card'.padEnd(width)}  password`,
          ...cards.map((c) => `${c.card.padEnd(width)}  ${c.password}`),
        ],
        data: {
          batch_id: id,
          kind: spec.kind,
          amount: spec.kind === 'balance' ? formatYuan(spec.amount) : spec.amount,
          count: spec.count,
          expires: spec.expires,
          note: spec.note,
          cards,
        },
      };
    },
  }),
  defineCommand({
    command: 'cdkey list',
    description: 'show the batches with their used and unused cards (or one batch and its cards with --batch)',
    // The batches, or one batch's cards.
    csv: (data) => (Array.isArray(data) ? data : (data as { cards: object[] }).cards),
    options: z.object({ batch: option(z.optional(idSchema()), 'one batch, card by card', 'id') }),
    async run({ options, ctx }) {
      if (options.batch === undefined) {
        const batches = await batchSummaries(ctx.db);
        const lines = batches.length > 0 ? batches.map(describe) : [`no card-key batches in site \`${ctx.siteName}\``];
        return { lines, data: batches.map(wire) };
      }
      const id = options.batch;
      const [batch] = await batchSummaries(ctx.db, id);
      if (!batch) throw new OperatorError(`batch ${id} does not exist in site \`${ctx.siteName}\``);
      const cards = await batchCards(ctx, id);
      const lines = [
        describe(batch),
        ...cards.map((c) => `  ${c.card}  ${c.used_by === null ? 'unused' : `used by ${c.username ?? '?'} (user ${c.used_by}) at ${businessDateTime((c.used_at ?? 0) * 1000)}`}`),
      ];
      return { lines, data: { ...wire(batch), cards } };
    },
  }),
  defineCommand({
    command: 'cdkey disable <batch-id>',
    description: "stop a batch's unused cards from redeeming",
    arguments: z.object({ batchId: idSchema() }),
    async run({ params: { batchId: id }, ctx }) {
      const [batch] = await batchSummaries(ctx.db, id);
      if (!batch) throw new OperatorError(`batch ${id} does not exist in site \`${ctx.siteName}\``);
      if (!(await disableBatch(ctx.db, id, ctx.services.clock.nowSeconds()))) {
        throw new OperatorError(`batch ${id} in site \`${ctx.siteName}\` is already disabled`);
      }
      return { lines: [`batch ${id} is disabled: its ${batch.unused} unused cards no longer redeem`], data: { batch_id: id, disabled: true, unused: batch.unused } };
    },
  }),
];

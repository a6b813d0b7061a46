/**
 * The options of `storefront cdkey generate`, declared as a schema like a call's payload: the
 * kernel checks each option and `checkGenerate` the rule between them, all at once, so one run
 * tells the operator everything to fix (kernel/server/operator-options.ts).
 */
import * as z from 'zod/mini';
import { toFen } from '@kernel/core/money';
import { optionalText, whole, yuan } from '@kernel/core/schemas';
import { businessDate } from '@kernel/server/clock';
import { businessDay, option } from '@kernel/server/operator-options';
import type { CdkeyKind } from './tables';

export const MAX_COUNT = 10_000;
/** Caps against a slipped finger: ¥100,000.00 or ten million points on one card. */
export const MAX_BALANCE_FEN = 10_000_000;
export const MAX_SCORE = 10_000_000;

/** Yuan with at most two decimals, above 0 and up to ¥100,000.00: fen. */
const balance = () =>
  z.pipe(
    yuan().check(z.refine((value) => toFen(String(value)) <= MAX_BALANCE_FEN, { error: 'kernel:validation.amount_too_large' })),
    z.pipe(
      z.transform((value: string | number) => toFen(String(value))),
      z.number().check(z.refine((fen) => fen > 0, { error: 'kernel:payload.positive' })),
    ),
  );

export const generateOptions = z.object({
  count: option(whole({ min: 1, max: MAX_COUNT }), `how many cards (1–${MAX_COUNT})`, 'n'),
  balance: option(z.optional(balance()), 'each card credits this balance, e.g. 50 or 9.90', 'yuan'),
  score: option(z.optional(whole({ min: 1, max: MAX_SCORE })), 'each card credits these points, e.g. 100', 'points'),
  expires: option(z.optional(businessDay()), 'last day the cards redeem, YYYY-MM-DD (Asia/Shanghai)', 'date'),
  note: option(optionalText(200), 'what the batch is for (shown by `cdkey list`)', 'text'),
});

export type GenerateOptions = z.output<typeof generateOptions>;

/** The rule between the options, on those that passed their own check. */
export function checkGenerate(_o: Partial<GenerateOptions>, { given }: { given: ReadonlySet<keyof GenerateOptions> }): string[] {
  if (given.has('balance') === given.has('score')) {
    return [`give exactly one of --balance <yuan> and --score <points>, got ${given.has('balance') ? 'both' : 'neither'}`];
  }
  return [];
}

export interface BatchSpec {
  kind: CdkeyKind;
  amount: number;
  count: number;
  note: string;
  /** The last day the cards redeem (`YYYY-MM-DD`, Asia/Shanghai), or null. */
  expires: string | null;
  /** The first unix second they no longer do, or null. */
  expiresAt: number | null;
}

/**
 * The batch from options that passed `checkGenerate`, made at `now` (unix seconds), or why not:
 * a last day already past (the schema cannot know the clock).
 */
export function batchSpecOf(o: GenerateOptions, now: number): { spec: BatchSpec } | { problem: string } {
  const kind: CdkeyKind = o.balance !== undefined ? 'balance' : 'score';
  const amount = o.balance ?? o.score ?? 0;
  // `expires` is when that day begins in Shanghai; the cards redeem through the whole day.
  const expiresAt = o.expires === undefined ? null : o.expires + 24 * 3600;
  const expires = o.expires === undefined ? null : businessDate(o.expires * 1000);
  if (expiresAt !== null && expiresAt <= now) {
    return { problem: `--expires ${expires} is in the past (today is ${businessDate(now * 1000)} in Asia/Shanghai)` };
  }
  return { spec: { kind, amount, count: o.count, note: o.note ?? '', expires, expiresAt } };
}

/**
 * The options of `storefront cdkey generate`, checked all at once: each problem names its option
 * and what it got, so one run tells the operator everything to fix.
 */
import { toFen, isYuan } from '@kernel/core/money';
import type { CdkeyKind } from './tables';

export const MAX_COUNT = 10_000;
/** Caps against a slipped finger: ¥100,000.00 or ten million points on one card. */
export const MAX_BALANCE_FEN = 10_000_000;
export const MAX_SCORE = 10_000_000;

export interface GenerateOptions {
  count?: unknown;
  balance?: unknown;
  score?: unknown;
  expires?: unknown;
  note?: unknown;
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

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const given = (value: unknown) => value !== undefined && value !== null && value !== false;
const show = (value: unknown) => JSON.stringify(String(value));

/** `today` is the business date (`YYYY-MM-DD`, Asia/Shanghai). Returns the batch, or every problem. */
export function checkGenerateOptions(options: GenerateOptions, today: string): { spec: BatchSpec } | { problems: string[] } {
  const problems: string[] = [];

  const count = Number(options.count);
  if (!given(options.count)) problems.push(`--count is required: how many cards, 1–${MAX_COUNT}`);
  else if (!/^\d+$/.test(String(options.count).trim()) || count < 1 || count > MAX_COUNT) {
    problems.push(`--count must be a whole number from 1 to ${MAX_COUNT}, got ${show(options.count)}`);
  }

  let kind: CdkeyKind = 'balance';
  let amount = 0;
  if (given(options.balance) === given(options.score)) {
    problems.push(`give exactly one of --balance <yuan> and --score <points>, got ${given(options.balance) ? 'both' : 'neither'}`);
  } else if (given(options.balance)) {
    const text = String(options.balance).trim();
    amount = isYuan(text) ? toFen(text) : 0;
    if (!isYuan(text) || amount <= 0 || amount > MAX_BALANCE_FEN) {
      problems.push(`--balance must be an amount of yuan above 0 and at most 100000, with at most two decimals, got ${show(options.balance)}`);
    }
  } else {
    kind = 'score';
    amount = Number(options.score);
    if (!/^\d+$/.test(String(options.score).trim()) || amount <= 0 || amount > MAX_SCORE) {
      problems.push(`--score must be a whole number of points from 1 to ${MAX_SCORE}, got ${show(options.score)}`);
    }
  }

  let expires: string | null = null;
  let expiresAt: number | null = null;
  if (given(options.expires)) {
    const match = DATE.exec(String(options.expires).trim());
    const [year, month, day] = match ? match.slice(1).map(Number) : [0, 0, 0];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (!match || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
      problems.push(`--expires must be a date YYYY-MM-DD, got ${show(options.expires)}`);
    } else if (match[0] < today) {
      problems.push(`--expires ${match[0]} is in the past (today is ${today} in Asia/Shanghai)`);
    } else {
      expires = match[0];
      // The cards redeem through that whole day in Shanghai (UTC+8, no daylight saving).
      expiresAt = (Date.UTC(year, month - 1, day + 1) - 8 * 3600_000) / 1000;
    }
  }

  const note = given(options.note) ? String(options.note).trim() : '';
  if (note.length > 200) problems.push(`--note must be at most 200 characters, got ${note.length}`);

  if (problems.length > 0) return { problems };
  return { spec: { kind, amount, count, note, expires, expiresAt } };
}

/**
 * Which bank issued a card, from its first digits, with the maintained BIN data of `banks-db`
 * (CC-BY-4.0; its Chinese banks carry their Chinese names), completed by ./bank-bin-table.ts for
 * the common mainland prefixes it lacks. Server side only: the package is
 * CommonJS and ships every country's data, so the browser asks `/api/account/chkBank` instead.
 */
import { createRequire } from 'node:module';
import { EXTRA_BIN_BANK } from './bank-bin-table';
import { BIN_LENGTH, cardDigits } from './card-rules';

/** The part of a `banks-db` answer this plugin reads (the package has no type declarations). */
interface BanksDbAnswer {
  /** Card scheme from the number's shape: `unionpay`, `visa`, `mastercard`…; missing when unknown. */
  type?: string;
  /** Set when the prefix is known: `cn-abc`. */
  code?: string;
  country?: string;
  localTitle?: string;
  engTitle?: string;
}
type FindBank = (cardNumber: string) => BanksDbAnswer;

const findBank = createRequire(import.meta.url)('banks-db') as FindBank;

/**
 * Known slips in the data, corrected here until upstream fixes them: China Guangfa Bank (`cn-cgb`)
 * carries Bank of China's name, so a 广发 card would be booked to the wrong bank.
 */
const LOCAL_TITLE_FIXES: Record<string, string> = { 'cn-cgb': '广发银行' };

export interface BankGuess {
  /** The bank's name as a mainland shopper writes it; '' when the prefix is unknown. */
  bank: string;
  /** Card scheme (`unionpay`, `visa`…), '' when the digits do not tell. */
  type: string;
}

/**
 * The bank of a card number, or of the digits typed so far (at least six): by its name in Chinese
 * characters when the data has one (mainland and Taiwan banks), else by its English name (a
 * Russian or Turkish bank's own name is in a script the shopper may not read).
 */
export function recogniseBank(number: string): BankGuess {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits) || digits.length < BIN_LENGTH) return { bank: '', type: '' };
  const found = findBank(digits);
  const type = found.type ?? '';
  // Our table first: it fills the prefixes the data lacks (./bank-bin-table.ts).
  const extra = EXTRA_BIN_BANK.get(digits.slice(0, BIN_LENGTH));
  if (extra) return { bank: extra, type };
  if (!found.code) return { bank: '', type };
  const local = LOCAL_TITLE_FIXES[found.code] ?? found.localTitle ?? '';
  const bank = /\p{Script=Han}/u.test(local) ? local : (found.engTitle ?? local);
  return { bank: bank.trim(), type };
}

/**
 * Set-up for the cash plugin's server tests: the real app with the cash plugin, shoppers with
 * money, cards added through the real call, and the kernel's and this plugin's invariants.
 */
import { expect } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { cashContract, type BankCard } from './contract';
import { CARDS } from './fixtures';
import type { CashSettings } from './settings';

export interface CashFixture {
  t: TestServer;
  /** A shopper with `money` fen (booked through the ledger). */
  shopper(money?: number): Promise<TestUser>;
  /** Adds a card for `user` through addBankCard; the reply's card. */
  card(user: TestUser, number?: string): Promise<BankCard>;
  /** Balance in fen, as the kernel's ledger has it. */
  money(user: TestUser): Promise<number>;
  /** Every invariant of the kernel (balance = ledger) and of the enabled plugins holds. */
  expectBooksBalance(): Promise<void>;
}

export async function cashFixture(settings: Partial<CashSettings> = {}): Promise<CashFixture> {
  const t = await createTestServer({ plugins: ['cash'], settings: { cash: settings }, now: new Date('2026-03-02T02:00:00Z') });
  return {
    t,
    shopper: (money = 0) => t.createUser({ money }),
    async card(user, number = CARDS.abc) {
      const { body } = await t.call(cashContract.addBankCard, { holder: '王小明', card: number, mobile: '13800138000' }, { token: user.token });
      if (body.code !== 1) throw new Error(`addBankCard: ${body.msg}`);
      return body.data;
    },
    async money(user) {
      return t.services.ledger.balance(t.db, user.id, 'money');
    },
    async expectBooksBalance() {
      expect(t.app.storefront.registry.plugins.some((p) => p.id === 'cash' && (p.invariants ?? []).length > 0)).toBe(true);
      expect(await t.violations()).toEqual([]);
    },
  };
}

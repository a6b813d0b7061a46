/** Test set-up for the cdkey plugin's server tests: a site with card keys, and batches made on the spot. */
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { generateBatch, type IssuedCard } from './batches';
import type { CdkeySettings } from './settings';
import type { CdkeyKind } from './tables';

/** 10:00 on 2 March 2026 in Shanghai. */
export const START = new Date('2026-03-02T02:00:00Z');

export function cdkeyServer(settings: Partial<CdkeySettings> = {}): Promise<TestServer> {
  return createTestServer({ plugins: ['cdkey'], now: START, settings: { cdkey: settings } });
}

/** A fresh batch of `count` cards worth `amount` (fen or points); its cards and passwords. */
export async function issue(t: TestServer, kind: CdkeyKind, amount: number, count = 1, more: { expiresAt?: number | null } = {}): Promise<{ batchId: number; cards: IssuedCard[] }> {
  return generateBatch(t.db, { kind, amount, count, note: '', expiresAt: more.expiresAt ?? null, now: t.clock.nowSeconds() });
}

/** Every invariant the site declares (balance = ledger, cards credited once, …), as violation lines. */
export const violations = (t: TestServer): Promise<string[]> => t.violations();

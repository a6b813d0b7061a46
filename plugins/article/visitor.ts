/**
 * The id a browser reads articles under while nobody is logged in: random, made on the first read
 * and kept in the kernel's storage, so a visitor's reads count once a day as a shopper's do. A
 * logged-in shopper is counted by their account and sends none.
 */
import type { Storage } from '@kernel/client/kernel';

const KEY = 'article.visitor';
const SHAPE = /^[0-9a-f]{32}$/;

/** 128 random bits as hex. `getRandomValues`, not `randomUUID`: a shop served over plain http has only the former. */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function visitorId(storage: Storage, make: () => string = randomId): string {
  const kept = storage.get<unknown>(KEY, null);
  if (typeof kept === 'string' && SHAPE.test(kept)) return kept;
  const id = make();
  storage.set(KEY, id);
  return id;
}

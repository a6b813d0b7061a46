/**
 * Request keys: one per confirmation screen (an order, a payment, a cash-out, a card key). A
 * double click or a retried request sends the same key, and the server answers with what that key
 * already did instead of doing it twice (`idempotent` calls, kernel/server/idempotency.ts). Keys
 * are unique per user and call; 32 hex digits from the platform CSPRNG.
 */
export const REQUEST_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export function newRequestKey(random: Pick<Crypto, 'getRandomValues'> | undefined = globalThis.crypto): string {
  const bytes = new Uint8Array(16);
  if (random) random.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

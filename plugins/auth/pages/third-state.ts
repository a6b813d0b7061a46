/**
 * The `state` of a third-party login: random, kept in this browser when the shopper leaves for the
 * platform, and checked when the platform sends them back, so a login link made elsewhere (someone
 * else's code, planted in a link) logs nobody in here. Good for half an hour.
 */
import type { Storage } from '@kernel/client/kernel';

const KEY = 'auth.thirdState';
const LIFE_MS = 30 * 60_000;

interface Kept {
  state: string;
  at: number;
}

export function newThirdState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function keepThirdState(storage: Storage, state: string, now = Date.now()): void {
  storage.set<Kept>(KEY, { state, at: now });
}

/** Whether the platform handed back the state this browser kept, in time. */
export function isKeptThirdState(storage: Storage, state: string | undefined, now = Date.now()): boolean {
  const kept = storage.get<Kept | null>(KEY, null);
  return Boolean(state && kept && typeof kept.state === 'string' && kept.state === state && now - kept.at < LIFE_MS);
}

export function forgetThirdState(storage: Storage): void {
  storage.remove(KEY);
}

/**
 * Which X-Forwarded-* headers to believe (`--trust-proxy`, $TRUST_PROXY), as Fastify's
 * `trustProxy` takes them: `true` (every hop), a hop count, or the proxies' addresses and CIDR
 * ranges (proxy-addr's names `loopback`, `linklocal`, `uniquelocal` too). Per-IP limits, the
 * request's protocol and host (uploads' `fullurl`) follow from it.
 */
import net from 'node:net';

export type TrustProxy = boolean | number | string | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `true`/`false`, a hop count, or a comma-separated list; throws naming every entry that is neither an address nor a range. */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (value === 'true') return true;
  if (value === 'false' || value === '' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    throw new Error(`${bad.map((b) => `"${b}"`).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not an IP address or CIDR range; give true, a hop count (1) or addresses such as 10.0.0.0/8,127.0.0.1`);
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * What Fastify is given. Its own hop count trusts no hop at all (it cannot check the peer), so a
 * count becomes "the nearest N hops": right only where the nodes are reachable through the proxy alone.
 */
export function fastifyTrustProxy(value: TrustProxy | undefined): boolean | string | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value ?? false;
  if (value <= 0) return false;
  return (_address, hop) => hop < value;
}

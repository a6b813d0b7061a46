/**
 * Where the hub listens: the path of the site's `wss` (`ws://host:8080/api/socket` → `/api/socket`,
 * `/api/socket` as it is). Read once at start: moving the hub needs a restart.
 */

/**
 * The hub's path, or null when the site has no chat (`wss` empty) or `wss` names no path of its
 * own. Undefined counts as empty: a site file without a `site` block gets `{}`, not its defaults.
 */
export function hubPath(wss: string | undefined): string | null {
  const value = (wss ?? '').trim();
  if (value === '') return null;
  let path: string;
  try {
    // A bare path is resolved against a placeholder host: only its pathname matters.
    path = new URL(value, 'ws://placeholder').pathname;
  } catch {
    return null;
  }
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? null : trimmed;
}

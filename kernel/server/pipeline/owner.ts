/**
 * Identity comes from the token (DESIGN §5). A call that names its acting user in the payload
 * (`user_id`, `id`) is refused when that value is another user: nothing is read or written.
 * Chat calls name users by their wire id (`user_12`, `admin_3`, spec §3); that form names the
 * number after the prefix (the prefix is the user's role in a room, not part of the identity).
 */
import type { CallDef } from '../../core/contract';
import { HttpError } from '../../core/errors';
import { parseWireId } from '../../core/socket';
import type { AuthUser } from '../plugin';

export function checkOwner(call: CallDef, raw: unknown, user: AuthUser | null): void {
  if (!call.owner || typeof raw !== 'object' || raw === null) return;
  const value = (raw as Record<string, unknown>)[call.owner];
  if (value === undefined || value === null || value === '') return;
  const trimmed = String(value).trim();
  const claimed = String(parseWireId(trimmed)?.id ?? trimmed);
  // An anonymous caller may say "nobody" (0), never somebody.
  if (user ? claimed !== String(user.id) : claimed !== '0') throw new HttpError(403, 'kernel:message.not_owner');
}

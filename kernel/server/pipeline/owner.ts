/**
 * Identity comes from the token (DESIGN §5). A call that names its acting user in the payload
 * (`user_id`, `id`) is refused when that value is another user: nothing is read or written.
 */
import type { CallDef } from '../../core/contract';
import { HttpError } from '../../core/errors';
import type { AuthUser } from '../plugin';

export function checkOwner(call: CallDef, raw: unknown, user: AuthUser | null): void {
  if (!call.owner || typeof raw !== 'object' || raw === null) return;
  const value = (raw as Record<string, unknown>)[call.owner];
  if (value === undefined || value === null || value === '') return;
  // An anonymous caller may say "nobody" (0), never somebody.
  const claimed = String(value).trim();
  if (user ? claimed !== String(user.id) : claimed !== '0') throw new HttpError(403, 'kernel:message.not_owner');
}

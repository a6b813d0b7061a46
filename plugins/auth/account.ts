/** How a login account string is read: an e-mail has an @, a mobile is 11 digits, anything else is a username. */
import { PHONE } from '@kernel/core/validators';

export { normaliseEmail } from '@kernel/core/validators';

export type AccountKind = 'email' | 'mobile' | 'username';

export function accountKind(account: string): AccountKind {
  if (account.includes('@')) return 'email';
  // Usernames start with a letter, so an all-digit account can only be a mobile number.
  if (PHONE.test(account)) return 'mobile';
  return 'username';
}


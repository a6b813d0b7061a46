/**
 * How a mobile number or e-mail shows on screen (a bound account, an address's contact):
 * enough for the shopper to recognise, not enough for a passer-by to read.
 */

/** "138****8000". */
export const maskMobile = (mobile: string): string =>
  /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;

/** "al***@example.com"; a one- or two-letter name keeps its first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  const name = email.slice(0, at);
  return `${name.slice(0, name.length > 2 ? 2 : 1)}***${email.slice(at)}`;
}

/**
 * What never reaches a log line: passwords, tokens, verification codes and mobile numbers, in
 * the fields of a logged object (pino's `redact` paths) and in message text, URLs and errors
 * (`censorText`: a database error quotes the mobile that broke a unique index, a socket URL
 * carries its token). Targets of outgoing messages are masked, not dropped: an operator still
 * tells `136****8000` from another shopper.
 */

export const REDACTED = '[redacted]';

/** Field names whose value is a secret wherever they appear (headers, bodies, payloads). */
const SECRET_FIELDS = [
  'password',
  'newpassword',
  'oldpassword',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'captcha',
  'mobile',
  'secret',
] as const;

/** `code` is a verification code in a request body, but an error's `code` (23505, ECONNREFUSED) is what an operator needs. */
const BODY_FIELDS = ['code'] as const;
const BODIES = ['body', 'payload', 'query', 'params'] as const;

/** pino `redact` paths: the secret fields at the top and two levels down, and a code in any body. */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ...BODIES.flatMap((body) => BODY_FIELDS.flatMap((field) => [`${body}.${field}`, `*.${body}.${field}`])),
];

/** A mainland mobile (optionally +86), not inside a longer number such as an order number. */
const MOBILE = /(?<![\d])(\+?86[- ]?)?(1[3-9]\d)(\d{4})(\d{4})(?!\d)/g;
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
/** `token=…`, `"password":"…"`, `refresh_token: …` in a URL, a JSON text or a sentence. */
const SECRET_ASSIGNMENT = new RegExp(`\\b(${[...SECRET_FIELDS, ...BODY_FIELDS].join('|')})(["']?\\s*[=:]\\s*["']?)((?:Bearer|Basic)\\s+)?[^\\s"'&,;}]+`, 'gi');
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/** A code spelled out in a message: "验证码是 461098", "验证码：4610", "code 461098". */
const SPOKEN_CODE = /(验证码[^\d\n]{0,6}|\bcode\b[^\d\n]{0,3})\d{4,8}/gi;

/** `13600008000` → `136****8000`. */
export const maskMobile = (mobile: string): string => mobile.replace(MOBILE, (_all, prefix: string | undefined, head: string, _middle: string, tail: string) => `${prefix ?? ''}${head}****${tail}`);

/** `ann@example.com` → `a***@example.com`. */
export const maskEmail = (email: string): string => email.replace(EMAIL, (_all, first: string, domain: string) => `${first}***@${domain}`);

/** A message's target as a log may show it: the mobile or address masked. */
export const maskTarget = (target: string): string => maskEmail(maskMobile(target));

/** Text with its secrets censored and its mobiles and e-mail addresses masked. */
export function censorText(text: string): string {
  return maskTarget(
    text
      .replace(SECRET_ASSIGNMENT, (_all, field: string, joint: string, scheme: string | undefined) => `${field}${joint}${scheme ?? ''}${REDACTED}`)
      .replace(BEARER, (_all, scheme: string) => `${scheme} ${REDACTED}`)
      .replace(SPOKEN_CODE, (_all, lead: string) => `${lead}${REDACTED}`),
  );
}

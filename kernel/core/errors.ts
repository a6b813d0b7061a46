/**
 * A business error: the call was understood but refused (code 0). `key` is an i18n key
 * (`namespace:path`, the namespace being a plugin id or `kernel`) so the message reaches the
 * shopper in the request's language; `params` fill its placeholders.
 */
export class BizError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'BizError';
  }
}

/** HTTP-level refusals the kernel answers with a status other than 200 (401, 403, 404...). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'HttpError';
  }
}

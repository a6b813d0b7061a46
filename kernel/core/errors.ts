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
    // A refusal is an answer, not a fault: nothing reads where it was thrown, and capturing the
    // stack cost each "sold out" of a flash sale about 20 µs of the server's CPU (issue #25).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(key);
    Error.stackTraceLimit = limit;
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

/** One refused field, as a handler names it: the wire name and an i18n key (with its params). */
export interface FieldIssue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
  /** The i18n key of the field's label: the kernel's own `kernel:payload.*` messages name the field with it. */
  label?: string;
}

/** One refused field on the wire: the message stands alone (no label), for a form to show under it. */
export interface FieldProblem {
  /** The wire name, e.g. `invoice.tax_no`; '' for the payload as a whole. */
  field: string;
  message: string;
}

/**
 * The reply's `data` on a refusal about fields: the first problem as `field`/`message` (what
 * older clients read) and every problem, at most one per field, in `problems`.
 */
export interface FieldRefusal extends FieldProblem {
  problems: FieldProblem[];
}

/**
 * A refusal naming several fields at once (code 0), so a form can mark them all in one round
 * trip: `throw new FieldsError([{ field: 'username', key: 'auth:message.username_taken' }, …])`.
 */
export class FieldsError extends Error {
  constructor(readonly issues: readonly FieldIssue[]) {
    super(issues.map((issue) => `${issue.field}: ${issue.key}`).join('; '));
    this.name = 'FieldsError';
  }
}

/**
 * What `http.data()` (and any failed call) rejects with: the reply's code, message and data,
 * plus the HTTP status when the failure was not a business refusal.
 */
export class CallError<D = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: D;
  /** HTTP status (0 when the request never got an answer, 200 for a code-0 reply). */
  readonly status: number;
  /** Why the call failed: a business refusal, an HTTP status, a time-out, a duplicate, or a session the server no longer accepts. */
  readonly reason: 'business' | 'status' | 'timeout' | 'network' | 'duplicate' | 'expired';

  constructor(init: { code?: number; msg: string; data?: D; status?: number; reason: CallError['reason'] }) {
    super(init.msg);
    this.name = 'CallError';
    this.code = init.code ?? 0;
    this.msg = init.msg;
    this.data = (init.data ?? null) as D;
    this.status = init.status ?? 0;
    this.reason = init.reason;
  }
}

export const isCallError = (value: unknown): value is CallError => value instanceof CallError;

export interface RefusedField {
  field: string;
  message: string;
}

const fieldOf = (value: unknown): RefusedField | null => {
  const problem = value as { field?: unknown; message?: unknown } | null;
  if (typeof problem?.field !== 'string' || problem.field === '') return null;
  return { field: problem.field, message: typeof problem.message === 'string' ? problem.message : '' };
};

/**
 * Every field a business refusal names, with the message to show beside each: the server sends
 * `data: { field, message, problems: [{ field, message }, …] }` (wire names, messages without
 * their label; `field`/`message` repeat the first problem). An older reply names one field; a
 * problem without a bare message falls back to `msg`. Empty for any other failure.
 */
export function refusedFields(error: unknown): RefusedField[] {
  if (!isCallError(error) || error.reason !== 'business') return [];
  const data = error.data as { problems?: unknown } | null;
  const listed = Array.isArray(data?.problems) ? data.problems.map(fieldOf).filter((p): p is RefusedField => p !== null) : [];
  const found = listed.length > 0 ? listed : [fieldOf(data)].filter((p): p is RefusedField => p !== null);
  return found.map(({ field, message }) => ({ field, message: message || error.msg }));
}

/** The first field a business refusal names (see refusedFields), or null. */
export function refusedField(error: unknown): RefusedField | null {
  return refusedFields(error)[0] ?? null;
}

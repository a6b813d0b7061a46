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

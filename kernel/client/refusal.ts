/**
 * The fields a failed call's refusal names, for forms to show each problem beside its field. Its
 * own module, apart from CallError (which every first load needs): only pages with forms read
 * refusals, so this stays in their chunks.
 */
import { isCallError } from './call-error';

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

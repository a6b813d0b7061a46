/**
 * What no call takes, checked on the raw payload before its schema sees it, so no schema can
 * forget: a body that is not an object, control characters in any string or key (PostgreSQL
 * refuses NUL outright; the others corrupt what shoppers read), line breaks in a single-line
 * field, numbers past the safe-integer range (JSON has already rounded them), nesting deeper
 * than any payload has. Each finding names its field.
 */
import type { FieldIssue } from '../../core/errors';
import { hasControlCharacters, hasLineBreak } from '../../core/validators';
const MAX_DEPTH = 12;

/** `multiline` patterns come from `multilinePaths` (kernel/core/schemas.ts): `*` matches any segment. */
export function rawInputIssues(raw: unknown, multiline: readonly (readonly string[])[]): FieldIssue[] {
  if (!isRecord(raw)) return [{ field: '', key: 'kernel:payload.body' }];
  const issues: FieldIssue[] = [];
  visit(raw, [], multiline, issues);
  return issues;
}

// Runs on every call's payload: the field's name is joined only for an issue.
function visit(value: unknown, path: string[], multiline: readonly (readonly string[])[], issues: FieldIssue[]): void {
  if (typeof value === 'string') {
    if (hasControlCharacters(value, { multiline: true })) issues.push({ field: path.join('.'), key: 'kernel:payload.control' });
    else if (hasLineBreak(value) && !allowsLines(multiline, path)) issues.push({ field: path.join('.'), key: 'kernel:payload.line_break' });
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) issues.push({ field: path.join('.'), key: 'kernel:payload.out_of_range' });
  } else if (typeof value === 'object' && value !== null) {
    if (path.length >= MAX_DEPTH) return void issues.push({ field: path.join('.'), key: 'kernel:payload.format' });
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (hasControlCharacters(key)) issues.push({ field: path.join('.'), key: 'kernel:payload.control' });
      else visit((value as Record<string, unknown>)[key], [...path, key], multiline, issues);
    }
  }
}

const allowsLines = (multiline: readonly (readonly string[])[], path: readonly string[]) =>
  multiline.some((pattern) => pattern.length === path.length && pattern.every((part, i) => part === '*' || part === path[i]));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

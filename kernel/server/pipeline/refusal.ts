/**
 * A refusal of fields in the request's language: each problem's message bare (for a form to show
 * under its field) and, for the envelope's `msg`, labelled where the message is the kernel's own
 * generic one ("每页条数不能超过 50"; a message of a plugin's own already says what it is about),
 * joined with the language's separator. The wire shape is FieldRefusal (kernel/core/errors.ts).
 */
import type { FieldIssue, FieldProblem, FieldRefusal } from '../../core/errors';
import type { ServerI18n } from '../i18n';
import type { Lang } from '../plugin';

const GENERIC = 'kernel:payload.';

export function fieldRefusal(issues: readonly FieldIssue[], lang: Lang, i18n: ServerI18n): { msg: string; data: FieldRefusal } {
  const problems: FieldProblem[] = [];
  const sentences: string[] = [];
  const listed = issues.length > 0 ? issues : [{ field: '', key: 'kernel:message.parameter_error' }];
  for (const issue of listed) {
    // A schema's message that is no key of ours (a typo, a plain sentence) never reaches the shopper as is.
    const key = i18n.has(issue.key) ? issue.key : `${GENERIC}invalid`;
    const message = i18n.t(lang, key, issue.params);
    problems.push({ field: issue.field, message });
    const label = key.startsWith(GENERIC) && issue.label ? i18n.t(lang, issue.label) : '';
    sentences.push(label ? i18n.t(lang, key, { ...issue.params, label, context: 'field' }) : message);
  }
  const msg = sentences.join(i18n.t(lang, `${GENERIC}separator`));
  return { msg, data: { ...problems[0], problems } };
}

/**
 * A single-field refusal's data (`{ field }` or `{ field, message }`, as BizErrors carry it) in the
 * same shape, `message` falling back to the refusal's own; other data is left as it is.
 */
export function withProblems(data: unknown, msg: string): unknown {
  const single = data as { field?: unknown; message?: unknown; problems?: unknown } | null;
  if (typeof single?.field !== 'string' || single.problems !== undefined) return data;
  const problem = { field: single.field, message: typeof single.message === 'string' && single.message ? single.message : msg };
  return { ...single, ...problem, problems: [problem] };
}

/**
 * Validates a call's payload with its zod/mini schema. A refusal names the field in the
 * request's language ("mobile：请输入正确的11位手机号"): messages that are i18n keys are
 * translated, zod's own messages come from its zh-CN or English locale.
 */
import * as z from 'zod/mini';
import { en, zhCN } from 'zod/locales';
import type { CallDef } from '../../core/contract';
import { BizError } from '../../core/errors';
import type { ServerI18n } from '../i18n';
import type { Lang } from '../plugin';

const locales: Record<Lang, z.core.$ZodErrorMap> = { 'zh-Hans': zhCN().localeError, en: en().localeError };

export function parsePayload(call: CallDef, raw: unknown, lang: Lang, i18n: ServerI18n): unknown {
  const result = z.safeParse(call.payload, raw ?? {}, { error: locales[lang] });
  if (result.success) return result.data;
  // The first issue is enough for the shopper; the form fixes one field at a time.
  const issue = result.error.issues[0];
  const message = i18n.has(issue.message) ? i18n.t(lang, issue.message) : issue.message;
  const field = issue.path.map(String).join('.');
  throw field
    ? new BizError('kernel:message.field_error', { field, message }, { field })
    : new BizError('kernel:message.payload_error', { message });
}

/** An unreadable body (broken JSON): a bad payload too, so code 0 rather than an HTTP error. */
export class PayloadSyntaxError extends BizError {
  constructor() {
    super('kernel:message.parameter_error');
  }
}

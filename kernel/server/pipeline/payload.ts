/**
 * Validates a call's payload with its zod/mini schema. A refusal speaks the request's language
 * and never shows a wire name: a message of our own (an i18n key such as "请输入正确的11位手机号")
 * already says what is wrong and stands alone; zod's generic messages (its zh-CN or English
 * locale) are prefixed with the field's label ("密码：无效输入"), or left bare when the field has
 * none. The wire name stays in the reply's data (`{ field, message }`) so a form can place the
 * message beside its field.
 */
import * as z from 'zod/mini';
import { en, zhCN } from 'zod/locales';
import type { CallDef } from '../../core/contract';
import { BizError } from '../../core/errors';
import type { ServerI18n } from '../i18n';
import type { Lang } from '../plugin';

const locales: Record<Lang, z.core.$ZodErrorMap> = { 'zh-Hans': zhCN().localeError, en: en().localeError };

/** What a refused field carries in the reply's `data`. */
export interface FieldProblem {
  /** The wire name, e.g. `invoice.tax_no`. */
  field: string;
  /** The message without any label, for a form to show under the field. */
  message: string;
}

export function parsePayload(call: CallDef, raw: unknown, lang: Lang, i18n: ServerI18n): unknown {
  const result = z.safeParse(call.payload, raw ?? {}, { error: locales[lang] });
  if (result.success) return result.data;
  // The first issue is enough for the shopper; the form fixes one field at a time.
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  const ours = i18n.has(issue.message);
  const message = ours ? i18n.t(lang, issue.message) : issue.message;
  const labelKey = ours || !field ? undefined : fieldLabelKey(call, field, i18n);
  const data: FieldProblem | null = field ? { field, message } : null;
  throw labelKey
    ? new BizError('kernel:message.field_error', { label: i18n.t(lang, labelKey), message }, data)
    : new BizError('kernel:message.payload_error', { message }, data);
}

/**
 * The i18n key naming `field` for shoppers: the call's own label, else the kernel's common label
 * of its last named segment (`invoice.phone` → `kernel:field.phone`, `ids.0` → `kernel:field.ids`),
 * else none.
 */
export function fieldLabelKey(call: Pick<CallDef, 'labels'>, field: string, i18n: Pick<ServerI18n, 'has'>): string | undefined {
  const own = call.labels?.[field];
  if (own && i18n.has(own)) return own;
  const name = field.split('.').filter((part) => !/^\d+$/.test(part)).at(-1);
  const common = name ? `kernel:field.${name.toLowerCase()}` : '';
  return common && i18n.has(common) ? common : undefined;
}

/** An unreadable body (broken JSON): a bad payload too, so code 0 rather than an HTTP error. */
export class PayloadSyntaxError extends BizError {
  constructor() {
    super('kernel:message.parameter_error');
  }
}
